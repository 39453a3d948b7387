import { and, eq, inArray, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { Transaction } from "@/lib/platform/db";
import { invoiceLines, invoices } from "@/lib/platform/db/schema";
import { fromCents } from "@/lib/platform/money";
import { liftSuspensionsOf } from "./dunning/reactivation";
import { type IssuedInvoice, issueInvoices } from "./issue";
import type { CreditChange } from "./member-credit";
import { invoiceNumber } from "./numbering";
import { owedCents } from "./owed";
import type { Customer, Issuer } from "./parties";
import { PAYABLE_STATUSES } from "./schemas";
import { proportionalShares } from "./tax";
import { rectificationLineText } from "./wording";

export type LockedInvoice = typeof invoices.$inferSelect;

/** An invoice's row, locked for the rest of the transaction: a second correction or payment waits, then sees this one. */
export async function lockInvoice(tx: Transaction, id: string): Promise<LockedInvoice | null> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  return invoice ?? null;
}

/** The live (not cancelled) invoice of a term, locked; null when the term was never invoiced or credited in full. */
export async function lockLiveTermInvoice(tx: Transaction, subscriptionId: string): Promise<LockedInvoice | null> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.subscriptionId, subscriptionId),
        eq(invoices.kind, "invoice"),
        sql`${invoices.status} <> 'cancelled'`,
      ),
    )
    .for("update");
  return invoice ?? null;
}

/**
 * Issues, in the caller's transaction and on the caller's locked row, a rectifying invoice in series R that references
 * `invoice` and credits `amount` (IVA included, at most what is left of it) over its lines in proportion, negative, to
 * the same customer; issuing it adds the amount to the original's credited_cents, which lowers what is owed (owed.ts).
 * Credited in full, the invoice becomes `cancelled`; a part credit that leaves nothing owed makes a payable invoice
 * `paid` (and lifts a suspension it settles). Audited as `billing.invoice_rectified`.
 */
export async function creditInvoice(
  tx: Transaction,
  change: CreditChange,
  invoice: LockedInvoice,
  amount: bigint,
  reason: string,
): Promise<IssuedInvoice> {
  const left = invoice.totalCents - invoice.creditedCents;
  if (amount <= 0n || amount > left) throw new Error(`cannot credit ${amount} of ${left} left on ${invoice.id}`);
  const number = invoiceNumber(invoice.series, invoice.year, invoice.number);
  const lines = await tx
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice.id))
    .orderBy(invoiceLines.position);
  const shares = proportionalShares(
    amount,
    lines.map((line) => line.totalCents),
  );
  const [issued] = await issueInvoices(
    tx,
    { kind: "rectifying", issuedAt: change.now, timeZone: change.timeZone, actorId: change.actorId },
    [
      {
        memberId: invoice.memberId,
        subscriptionId: invoice.subscriptionId,
        rectifies: { invoiceId: invoice.id, reason },
        language: invoice.language,
        currency: invoice.currency,
        issuer: invoice.issuer as Issuer,
        customer: invoice.customer as Customer,
        lines: lines
          .map((line, index) => ({
            description: rectificationLineText(invoice.language, number, line.description),
            planId: line.planId,
            serviceFrom: line.serviceFrom,
            serviceTo: line.serviceTo,
            totalCents: -(shares[index] ?? 0n),
            taxRateBasisPoints: line.taxRateBasisPoints,
            exemptReason: line.exemptReason,
            notSubjectReason: line.notSubjectReason,
          }))
          .filter((line) => line.totalCents !== 0n),
      },
    ],
  );
  if (!issued) throw new Error("no rectifying invoice was issued");
  const complete = amount === left;
  // Credited in full: cancelled. A part credit that leaves nothing owed settles a payable invoice: paid. Otherwise
  // the status stays (a debit with the bank, `pending_collection`, is collected as sent and the credit refunded).
  const [settled] = await tx
    .update(invoices)
    .set({ status: complete ? "cancelled" : "paid", statusChangedAt: sql`now()` })
    .where(
      and(
        eq(invoices.id, invoice.id),
        complete ? undefined : and(inArray(invoices.status, PAYABLE_STATUSES), sql`${owedCents()} = 0`),
      ),
    )
    .returning({ id: invoices.id });
  if (settled) await liftSuspensionsOf(tx, change, [invoice.memberId]);
  await recordAudit(tx, {
    action: "billing.invoice_rectified",
    severity: "Warning",
    actorId: change.actorId,
    entity: "invoice",
    entityId: invoice.id,
    data: {
      number,
      rectifyingInvoiceId: issued.id,
      rectifyingNumber: issued.number,
      amount: fromCents(amount),
      complete,
      reason,
    },
  });
  return issued;
}
