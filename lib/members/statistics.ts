import { and, asc, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { members, plans, subscriptions } from "@/lib/platform/db/schema";
import type { ServiceContext } from "@/lib/services/context";
import { countMembersByStatus, live, termInForce } from "./repository";
import { clubToday, type MemberStatus } from "./schemas";

export type MemberStatistics = {
  countsByStatus: Record<MemberStatus, number>;
  total: number;
  /**
   * Live members with a subscription term in force now: the members who pay. A suspended member's term stays in
   * force, so they count here while their status says suspended.
   */
  payingMembers: number;
  /** Members whose join date falls in the current calendar month of the club's time zone. */
  newThisMonth: number;
  activeSubscriptionsByPlan: Array<{ planId: string; planName: string; count: number }>;
  /** Decimal string with two places. */
  monthlyRecurringRevenue: string;
  currency: string;
};

/** A term's price per month, in numeric: never through floating point. */
const monthlyPrice = sql`case ${subscriptions.billingPeriod}
  when 'monthly' then ${subscriptions.price}
  when 'quarterly' then ${subscriptions.price} / 3
  else ${subscriptions.price} / 12 end`;

/** The first day of the month of `date` (YYYY-MM-DD) and of the month after it. */
function monthOf(date: string): { from: string; until: string } {
  const [year, month] = date.split("-").map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
  return { from: `${date.slice(0, 7)}-01`, until: `${next}-01` };
}

/**
 * The statistics view. "Active subscriptions" are the terms in force now (as on the member detail), so a
 * renewal queued to start at the current end is not counted twice. The member counts come from the counters.
 */
export async function memberStatistics(ctx: Pick<ServiceContext, "db" | "club">): Promise<MemberStatistics> {
  const month = monthOf(clubToday(ctx.club.timeZone));
  const [countsByStatus, [paying], [joined], byPlan, [revenue]] = await Promise.all([
    countMembersByStatus(ctx.db),
    // One term in force per member at most (the exclusion constraint), so counting terms counts members.
    ctx.db
      .select({ n: count() })
      .from(subscriptions)
      .innerJoin(members, eq(members.id, subscriptions.memberId))
      .where(and(termInForce, live)),
    ctx.db
      .select({ n: count() })
      .from(members)
      .where(and(live, gte(members.joinedOn, month.from), lt(members.joinedOn, month.until))),
    ctx.db
      .select({ planId: plans.id, planName: plans.name, count: count() })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(termInForce)
      .groupBy(plans.id, plans.name)
      .orderBy(desc(count()), asc(plans.name)),
    ctx.db
      .select({ amount: sql<string>`round(coalesce(sum(${monthlyPrice}), 0), 2)::text` })
      .from(subscriptions)
      .where(and(termInForce, eq(subscriptions.currency, ctx.club.currency))),
  ]);
  return {
    countsByStatus,
    total: Object.values(countsByStatus).reduce((sum, n) => sum + n, 0),
    payingMembers: paying?.n ?? 0,
    newThisMonth: joined?.n ?? 0,
    activeSubscriptionsByPlan: byPlan,
    monthlyRecurringRevenue: revenue?.amount ?? "0.00",
    currency: ctx.club.currency,
  };
}
