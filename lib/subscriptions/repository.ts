import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { countRowsOf, selectPage } from "@/lib/platform/db/paged-select";
import { members, plans, subscriptions } from "@/lib/platform/db/schema";
import type { Paginated } from "@/lib/platform/pagination";
import type { SubscriptionListQuery } from "./schemas";

export type Subscription = {
  id: string;
  memberId: string;
  planId: string;
  planName: string;
  planCode: string;
  billingPeriod: "monthly" | "quarterly" | "annual";
  startedAt: Date;
  endsAt: Date;
  /** Captured at creation, decimal string. */
  price: string;
  currency: string;
  autoRenew: boolean;
  status: "active" | "expired" | "canceled";
  canceledAt: Date | null;
  /** The term this one renews or replaces. */
  previousSubscriptionId: string | null;
  prorationCredit: string | null;
  createdAt: Date;
};

const subscriptionColumns = {
  id: subscriptions.id,
  memberId: subscriptions.memberId,
  planId: subscriptions.planId,
  planName: plans.name,
  planCode: plans.code,
  billingPeriod: subscriptions.billingPeriod,
  startedAt: subscriptions.startedAt,
  endsAt: subscriptions.endsAt,
  price: subscriptions.price,
  currency: subscriptions.currency,
  autoRenew: subscriptions.autoRenew,
  status: subscriptions.status,
  canceledAt: subscriptions.canceledAt,
  previousSubscriptionId: subscriptions.previousSubscriptionId,
  prorationCredit: subscriptions.prorationCredit,
  createdAt: subscriptions.createdAt,
};

const withPlan = (executor: Executor) =>
  executor.select(subscriptionColumns).from(subscriptions).innerJoin(plans, eq(plans.id, subscriptions.planId));

const ORDER_COLUMNS = {
  startedAt: subscriptions.startedAt,
  endsAt: subscriptions.endsAt,
  createdAt: subscriptions.createdAt,
} as const;

/** A page of a member's terms and their count; ties broken by creation, then id, so pages never overlap. */
export function selectMemberSubscriptionPage(
  executor: Executor,
  memberId: string,
  query: SubscriptionListQuery,
): Promise<Paginated<Subscription>> {
  const direction = query.orderDirection === "asc" ? asc : desc;
  return selectPage(
    { rows: withPlan(executor).$dynamic(), count: countRowsOf(executor, subscriptions) },
    eq(subscriptions.memberId, memberId),
    [direction(ORDER_COLUMNS[query.orderBy]), direction(subscriptions.createdAt), direction(subscriptions.id)],
    query,
  );
}

export async function findSubscription(executor: Executor, memberId: string, id: string): Promise<Subscription | null> {
  const [found] = await withPlan(executor).where(and(eq(subscriptions.id, id), eq(subscriptions.memberId, memberId)));
  return found ?? null;
}

/** Locks the term for the rest of the transaction, so a cancel and a plan change cannot both act on it. */
export async function lockSubscription(executor: Executor, memberId: string, id: string) {
  const [row] = await executor
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.memberId, memberId)))
    .for("update");
  return row ?? null;
}

export async function findLiveMember(executor: Executor, id: string) {
  const [member] = await executor
    .select({ id: members.id, status: members.status })
    .from(members)
    .where(and(eq(members.id, id), isNull(members.deletedAt)));
  return member ?? null;
}

export async function findPlanPrices(executor: Executor, id: string) {
  const [plan] = await executor
    .select({
      id: plans.id,
      isActive: plans.isActive,
      monthlyPrice: plans.monthlyPrice,
      quarterlyPrice: plans.quarterlyPrice,
      annualPrice: plans.annualPrice,
    })
    .from(plans)
    .where(eq(plans.id, id));
  return plan ?? null;
}
