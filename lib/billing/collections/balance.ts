import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { localDate } from "@/lib/platform/calendar";
import { invoicePayments, invoices, members } from "@/lib/platform/db/schema";
import { fromCents } from "@/lib/platform/money";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { ServiceContext } from "@/lib/services/context";
import { owedCents } from "../owed";
import { OWING_STATUSES } from "../schemas";
import { CollectionErrors } from "./errors";
import type { PaymentMethod } from "./payment-schemas";

export type MemberBalance = {
  memberId: string;
  /** What the member still owes (owed.ts: total − paid − credited) on invoices that are due or being collected. */
  totalDue: string;
  /** The part of it past its due date (today in the club's time zone), being collected or not. */
  overdue: string;
  openInvoices: number;
  lastPayment: { amount: string; method: PaymentMethod; paidOn: string } | null;
};

/**
 * A member's balance, deleted members' too (their invoices outlive them). Overdue is computed from the due date, so it
 * is right before the dunning job has marked anything `overdue`.
 */
export async function memberBalance(
  ctx: Pick<ServiceContext, "db" | "club" | "now">,
  memberId: string,
): Promise<Result<MemberBalance>> {
  const [member] = await ctx.db.select({ id: members.id }).from(members).where(eq(members.id, memberId));
  if (!member) return fail(CollectionErrors.memberNotFound);
  const today = localDate(ctx.now(), ctx.club.timeZone);
  const [totals] = await ctx.db
    .select({
      due: sql<string>`coalesce(sum(${owedCents()}), 0)`,
      overdue: sql<string>`coalesce(sum(${owedCents()}) filter (where ${invoices.dueOn} < ${today}), 0)`,
      count: sql<number>`count(*)::int`,
    })
    .from(invoices)
    .where(
      and(eq(invoices.memberId, memberId), eq(invoices.kind, "invoice"), inArray(invoices.status, OWING_STATUSES)),
    );
  const [last] = await ctx.db
    .select({
      amountCents: invoicePayments.amountCents,
      method: invoicePayments.method,
      paidOn: invoicePayments.paidOn,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(and(eq(invoices.memberId, memberId), eq(invoicePayments.kind, "payment")))
    .orderBy(desc(invoicePayments.paidOn), desc(invoicePayments.createdAt))
    .limit(1);
  return ok({
    memberId,
    totalDue: fromCents(BigInt(totals?.due ?? 0)),
    overdue: fromCents(BigInt(totals?.overdue ?? 0)),
    openInvoices: totals?.count ?? 0,
    lastPayment: last ? { amount: fromCents(last.amountCents), method: last.method, paidOn: last.paidOn } : null,
  });
}
