import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { localDate } from "@/lib/platform/calendar";
import { invoicePayments, invoices, members } from "@/lib/platform/db/schema";
import { fromCents } from "@/lib/platform/money";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { ServiceContext } from "@/lib/services/context";
import { heldCents, owedCents } from "../owed";
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
  /** Money the club holds for the member: paid beyond what their invoices ask after credits (member-credit.ts). It
   * pays what they owe as soon as they owe something, so it is only held while they owe nothing; a refund gives it back. */
  credit: string;
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
  const [held] = await ctx.db
    .select({ credit: sql<string>`coalesce(sum(${heldCents()}), 0)` })
    .from(invoices)
    .where(
      and(
        eq(invoices.memberId, memberId),
        eq(invoices.kind, "invoice"),
        inArray(invoices.status, ["paid", "cancelled"]),
      ),
    );
  const [last] = await ctx.db
    .select({
      amountCents: invoicePayments.amountCents,
      method: invoicePayments.method,
      paidOn: invoicePayments.paidOn,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    // Credit moved between the member's invoices (member-credit.ts) is not money they brought.
    .where(
      and(eq(invoices.memberId, memberId), eq(invoicePayments.kind, "payment"), ne(invoicePayments.method, "credit")),
    )
    .orderBy(desc(invoicePayments.paidOn), desc(invoicePayments.createdAt))
    .limit(1);
  return ok({
    memberId,
    totalDue: fromCents(BigInt(totals?.due ?? 0)),
    overdue: fromCents(BigInt(totals?.overdue ?? 0)),
    openInvoices: totals?.count ?? 0,
    credit: fromCents(BigInt(held?.credit ?? 0)),
    lastPayment: last ? { amount: fromCents(last.amountCents), method: last.method, paidOn: last.paidOn } : null,
  });
}
