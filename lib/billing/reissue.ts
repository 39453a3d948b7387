import { asc, eq } from "drizzle-orm";
import { localDate } from "@/lib/platform/calendar";
import { invoiceLines } from "@/lib/platform/db/schema";
import { rollbackOnFailure } from "@/lib/platform/db/transaction";
import { violatedUniqueConstraint } from "@/lib/platform/errors";
import { fail, ok, type Result } from "@/lib/platform/result";
import { type Acting, actorIdOf, type ServiceContext } from "@/lib/services/context";
import { BillingErrors } from "./errors";
import { issueInvoices } from "./issue";
import { applyMemberCredit } from "./member-credit";
import { customerOf, readBillingSettings } from "./parties";
import { lockInvoice, lockLiveTermInvoice } from "./rectification";
import { findInvoice, type InvoiceDetail } from "./repository";
import { laterDate } from "./term-invoice";

/**
 * Issues a term's invoice again after it was credited in full (docs/billing.md, Reissuing a term's invoice): the same
 * lines, to the member as they are now (the NIF they have since given makes it a full invoice), numbered and chained
 * as a new invoice. A term has one live invoice: the cancelled one stays as it was, linked both ways (`replaces`,
 * `replacedBy`), and a second live invoice of the term is refused (the cancelled row's lock orders two reissues of
 * it; the unique index invoices_subscription_key refuses any other race).
 */
export async function reissueInvoice(
  ctx: Pick<ServiceContext, "db" | "club" | "now"> & Acting,
  id: string,
): Promise<Result<InvoiceDetail>> {
  const now = ctx.now();
  try {
    const reissued = await rollbackOnFailure(ctx.db, async (tx) => {
      const original = await lockInvoice(tx, id);
      if (!original) return fail<string>(BillingErrors.invoiceNotFound);
      if (original.kind !== "invoice" || original.status !== "cancelled" || !original.subscriptionId) {
        return fail<string>(BillingErrors.invoiceNotReissuable);
      }
      if (await lockLiveTermInvoice(tx, original.subscriptionId))
        return fail<string>(BillingErrors.termAlreadyInvoiced);
      const billing = await readBillingSettings(tx);
      if (!billing.issuer) return fail<string>(BillingErrors.billingNotStarted);
      const lines = await tx
        .select()
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, id))
        .orderBy(asc(invoiceLines.position));
      const { customer } = await customerOf(tx, original.memberId);
      const actorId = actorIdOf(ctx);
      const [invoice] = await issueInvoices(
        tx,
        { kind: "invoice", issuedAt: now, timeZone: ctx.club.timeZone, actorId },
        [
          {
            memberId: original.memberId,
            subscriptionId: original.subscriptionId,
            rectifies: null,
            language: original.language,
            currency: original.currency,
            issuer: billing.issuer,
            customer,
            dueOn: laterDate(localDate(now, ctx.club.timeZone), original.dueOn),
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
      if (!invoice) throw new Error("no invoice was reissued");
      await applyMemberCredit(tx, { now, timeZone: ctx.club.timeZone, actorId }, [original.memberId]);
      return ok(invoice.id);
    });
    if (!reissued.ok) return reissued;
    return ok((await findInvoice(ctx.db, reissued.value)) as InvoiceDetail);
  } catch (error) {
    if (violatedUniqueConstraint(error) === "invoices_subscription_key") return fail(BillingErrors.termAlreadyInvoiced);
    throw error;
  }
}
