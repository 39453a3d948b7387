import { asc, eq } from "drizzle-orm";
import { localDate } from "@/lib/platform/calendar";
import type { Transaction } from "@/lib/platform/db";
import { invoiceLines } from "@/lib/platform/db/schema";
import { rollbackOnFailureAnswering } from "@/lib/platform/db/transaction";
import { violatedUniqueConstraint } from "@/lib/platform/errors";
import { type BusinessError, fail, ok, type Result } from "@/lib/platform/result";
import { type Acting, actorIdOf, type ServiceContext } from "@/lib/services/context";
import { BillingErrors } from "./errors";
import { type InvoiceDraft, issueInvoices } from "./issue";
import { applyMemberCredit } from "./member-credit";
import { customerOf, readBillingSettings } from "./parties";
import { type LockedInvoice, lockInvoice, lockLiveTermInvoice } from "./rectification";
import { findInvoice, type InvoiceDetail } from "./repository";
import { laterDate } from "./term-invoice";

type IssuingContext = Pick<ServiceContext, "db" | "club" | "now"> & Acting;

/** How a new invoice is made from an earlier one's lines: a term's invoice issued again, or a substitution. */
export type FromInvoice = {
  kind: "invoice" | "substitution";
  /** The refusal of the earlier invoice (locked), or what the new one says beyond its lines, issuer and language. */
  vet: (
    tx: Transaction,
    earlier: LockedInvoice,
  ) => Promise<Result<Pick<InvoiceDraft, "customer" | "dueOn" | "substitutes">>>;
  /** The unique index that refuses the twin a racing request would issue, and the answer then. */
  race: { index: string; error: BusinessError };
  /** What follows in the same transaction once it is issued. */
  afterwards?: (tx: Transaction, earlier: LockedInvoice) => Promise<void>;
};

/**
 * Issues, in one transaction, a new invoice with the lines of invoice `id` (locked, so two requests about it take
 * turns), numbered and chained as any other, once `from.vet` accepts the earlier invoice and billing has started.
 */
export async function issueFromInvoice(
  ctx: IssuingContext,
  id: string,
  from: FromInvoice,
): Promise<Result<InvoiceDetail>> {
  try {
    const issued = await rollbackOnFailureAnswering(
      ctx.db,
      async (tx) => {
        const earlier = await lockInvoice(tx, id);
        if (!earlier) return fail<string>(BillingErrors.invoiceNotFound);
        const vetted = await from.vet(tx, earlier);
        if (!vetted.ok) return vetted;
        const billing = await readBillingSettings(tx);
        if (!billing.issuer) return fail<string>(BillingErrors.billingNotStarted);
        const lines = await tx
          .select()
          .from(invoiceLines)
          .where(eq(invoiceLines.invoiceId, id))
          .orderBy(asc(invoiceLines.position));
        const [invoice] = await issueInvoices(
          tx,
          { kind: from.kind, issuedAt: ctx.now(), timeZone: ctx.club.timeZone, actorId: actorIdOf(ctx) },
          [
            {
              memberId: earlier.memberId,
              subscriptionId: earlier.subscriptionId,
              rectifies: null,
              language: earlier.language,
              currency: earlier.currency,
              issuer: billing.issuer,
              ...vetted.value,
              lines: lines.map((line) => ({
                description: line.description,
                planId: line.planId,
                serviceFrom: line.serviceFrom,
                serviceTo: line.serviceTo,
                totalCents: line.totalCents,
                taxRateBasisPoints: line.taxRateBasisPoints,
                exemptReason: line.exemptReason,
                notSubjectReason: line.notSubjectReason,
              })),
            },
          ],
        );
        if (!invoice) throw new Error("no invoice was issued");
        await from.afterwards?.(tx, earlier);
        return ok(invoice.id);
      },
      async (tx, done) => (await findInvoice(tx, done)) as InvoiceDetail,
    );
    return issued;
  } catch (error) {
    if (violatedUniqueConstraint(error) === from.race.index) return fail(from.race.error);
    throw error;
  }
}

/**
 * Issues a term's invoice again after it was credited in full (docs/billing.md, Reissuing a term's invoice): the same
 * lines, to the member as they are now (the NIF they have since given makes it a full invoice), numbered and chained
 * as a new invoice. A term has one live invoice: the cancelled one stays as it was, linked both ways (`replaces`,
 * `replacedBy`), and a second live invoice of the term is refused (the cancelled row's lock orders two reissues of
 * it; the unique index invoices_subscription_key refuses any other race).
 */
export function reissueInvoice(ctx: IssuingContext, id: string): Promise<Result<InvoiceDetail>> {
  const now = ctx.now();
  return issueFromInvoice(ctx, id, {
    kind: "invoice",
    vet: async (tx, original) => {
      if (original.kind !== "invoice" || original.status !== "cancelled" || !original.subscriptionId) {
        return fail(BillingErrors.invoiceNotReissuable);
      }
      if (await lockLiveTermInvoice(tx, original.subscriptionId)) return fail(BillingErrors.termAlreadyInvoiced);
      const { customer } = await customerOf(tx, original.memberId);
      return ok({ customer, dueOn: laterDate(localDate(now, ctx.club.timeZone), original.dueOn) });
    },
    race: { index: "invoices_subscription_key", error: BillingErrors.termAlreadyInvoiced },
    afterwards: async (tx, original) => {
      await applyMemberCredit(tx, { now, timeZone: ctx.club.timeZone, actorId: actorIdOf(ctx) }, [original.memberId]);
    },
  });
}
