import { type SQL, sql } from "drizzle-orm";
import { invoices } from "@/lib/platform/db/schema";

/**
 * What is still owed on an invoice, defined once (docs/billing.md, A member's balance): its total less what was paid
 * and what its rectifying invoices credited, never below zero (an invoice paid in full and then credited owes nothing;
 * the member is owed the credit back, which a refund gives). Every query that asks "how much is owed" uses this: the
 * invoice's amountDue, the balance, the overpayment check, remittance debits, dunning and the overdue list.
 *
 * `invoice` names the invoices row (the table, or an alias such as `i` in a raw statement); `paid` replaces its
 * paid_cents, to ask what would be owed after a movement (settlement: paid_cents + the debit's amount).
 */
export function owedCents(invoice: SQL = sql`${invoices}`, paid: SQL = sql`${invoice}.paid_cents`): SQL {
  return sql`greatest(${invoice}.total_cents - ${paid} - ${invoice}.credited_cents, 0)`;
}

/** owedCents as a selected field, read as a BigInt like the cents columns. */
export const owedCentsField = () => owedCents().mapWith(invoices.totalCents);

/**
 * What the club owes the member back on an invoice: what was paid and credited beyond its total (paid + credited −
 * total, never below zero), as when an invoice paid in full is then credited in part; a refund gives it back. Never
 * more than was paid, since a credit never exceeds the total. Only invoices owe it: a rectifying invoice's negative
 * total is a credit, not a payment.
 */
export function refundDueCents(invoice: { totalCents: bigint; paidCents: bigint; creditedCents: bigint }): bigint {
  const beyondTotal = invoice.paidCents + invoice.creditedCents - invoice.totalCents;
  return beyondTotal > 0n ? beyondTotal : 0n;
}

/** refundDueCents in SQL, over an invoices row (`invoice` as in owedCents): the money the club holds for the member. */
export function heldCents(invoice: SQL = sql`${invoices}`): SQL {
  return sql`greatest(${invoice}.paid_cents + ${invoice}.credited_cents - ${invoice}.total_cents, 0)`;
}
