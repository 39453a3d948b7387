import { and, eq, inArray, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { Transaction } from "@/lib/platform/db";
import { invoiceLines, invoices, members } from "@/lib/platform/db/schema";
import { rollbackOnFailure } from "@/lib/platform/db/transaction";
import { fromCents, toCents } from "@/lib/platform/money";
import type { Paginated } from "@/lib/platform/pagination";
import { fail, ok, type Result } from "@/lib/platform/result";
import { type Acting, actorIdOf, type ServiceContext } from "@/lib/services/context";
import { type ChainVerification, verifyChain } from "./chain";
import { liftSuspensionsOf } from "./dunning/reactivation";
import { BillingErrors } from "./errors";
import { issueInvoices } from "./issue";
import { invoiceNumber } from "./numbering";
import { owedCents } from "./owed";
import type { Customer, Issuer } from "./parties";
import { findInvoice, type InvoiceDetail, type InvoiceSummary, selectInvoicePage } from "./repository";
import { type InvoiceListQuery, type MemberInvoiceListQuery, PAYABLE_STATUSES, type Rectification } from "./schemas";
import { proportionalShares } from "./tax";
import { rectificationLineText } from "./wording";

type BillingContext = Pick<ServiceContext, "db">;

export async function listInvoices(ctx: BillingContext, query: InvoiceListQuery): Promise<Paginated<InvoiceSummary>> {
  return selectInvoicePage(ctx.db, query);
}

/** A member's invoices, deleted members' included (invoices outlive them: they are kept for the tax years). */
export async function listMemberInvoices(
  ctx: BillingContext,
  memberId: string,
  query: MemberInvoiceListQuery,
): Promise<Result<Paginated<InvoiceSummary>>> {
  const [member] = await ctx.db.select({ id: members.id }).from(members).where(eq(members.id, memberId));
  if (!member) return fail(BillingErrors.memberNotFound);
  return ok(await selectInvoicePage(ctx.db, { ...query, memberId }));
}

export async function getInvoice(ctx: BillingContext, id: string): Promise<Result<InvoiceDetail>> {
  const invoice = await findInvoice(ctx.db, id);
  return invoice ? ok(invoice) : fail(BillingErrors.invoiceNotFound);
}

/** Re-hashes the whole chain: ok with the count, or the first broken link. */
export function verifyInvoiceChain(ctx: BillingContext): Promise<ChainVerification> {
  return verifyChain(ctx.db);
}

async function lockInvoice(tx: Transaction, id: string) {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  return invoice ?? null;
}

/**
 * Corrects an invoice (RD 1619/2012 art. 15) with a rectifying invoice in series R that references it and credits
 * `amount` (IVA included; omitted: all that is left) over its lines in proportion, negative, to the same customer as
 * the original; issuing it adds the amount to the original's credited_cents, which lowers what is owed (owed.ts).
 * Once the invoice is credited in full it becomes `cancelled`; a part credit that leaves nothing owed makes a payable
 * invoice `paid`. The original's row lock makes a second rectification wait and then see the first: never more than
 * the invoice is credited.
 */
export async function rectifyInvoice(
  ctx: Pick<ServiceContext, "db" | "club" | "now"> & Acting,
  id: string,
  rectification: Rectification,
): Promise<Result<InvoiceDetail>> {
  const rectified = await rollbackOnFailure(ctx.db, async (tx) => {
    const invoice = await lockInvoice(tx, id);
    if (!invoice) return fail<string>(BillingErrors.invoiceNotFound);
    if (invoice.kind === "rectifying") return fail<string>(BillingErrors.rectifyingNotRectifiable);
    if (invoice.status === "cancelled") return fail<string>(BillingErrors.alreadyRectified);
    const left = invoice.totalCents - invoice.creditedCents;
    const amount = rectification.amount === undefined ? left : toCents(rectification.amount);
    if (amount > left) return fail<string>(BillingErrors.amountExceedsInvoice);
    const number = invoiceNumber(invoice.series, invoice.year, invoice.number);
    const lines = await tx
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, id))
      .orderBy(invoiceLines.position);
    const shares = proportionalShares(
      amount,
      lines.map((line) => line.totalCents),
    );
    const [issued] = await issueInvoices(
      tx,
      { series: "R", issuedAt: ctx.now(), timeZone: ctx.club.timeZone, actorId: actorIdOf(ctx) },
      [
        {
          memberId: invoice.memberId,
          subscriptionId: invoice.subscriptionId,
          rectifies: { invoiceId: id, reason: rectification.reason },
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
          eq(invoices.id, id),
          complete ? undefined : and(inArray(invoices.status, PAYABLE_STATUSES), sql`${owedCents()} = 0`),
        ),
      )
      .returning({ id: invoices.id });
    if (settled) {
      const change = { now: ctx.now(), timeZone: ctx.club.timeZone, actorId: actorIdOf(ctx) };
      await liftSuspensionsOf(tx, change, [invoice.memberId]);
    }
    await recordAudit(tx, {
      action: "billing.invoice_rectified",
      severity: "Warning",
      actorId: actorIdOf(ctx),
      entity: "invoice",
      entityId: id,
      data: {
        number,
        rectifyingInvoiceId: issued.id,
        rectifyingNumber: issued.number,
        amount: fromCents(amount),
        complete,
        reason: rectification.reason,
      },
    });
    return ok(issued.id);
  });
  if (!rectified.ok) return rectified;
  return ok((await findInvoice(ctx.db, rectified.value)) as InvoiceDetail);
}
