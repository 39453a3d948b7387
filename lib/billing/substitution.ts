import { eq } from "drizzle-orm";
import { invoices } from "@/lib/platform/db/schema";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { Acting, ServiceContext } from "@/lib/services/context";
import { BillingErrors } from "./errors";
import { type Customer, customerOf } from "./parties";
import { issueFromInvoice } from "./reissue";
import type { InvoiceDetail } from "./repository";

/**
 * Issues the full invoice a member asks for in place of a simplified one (docs/billing.md, Substituting a simplified
 * invoice; RD 1619/2012 art. 7.2): the same lines and dates of service, to the member as they are now with the NIF they
 * have since given, numbered in the invoices' series and recorded as F3 naming the simplified invoice it replaces. The
 * simplified invoice stays as it was, with its payments and its tax: the substitution owes nothing (`paid`) and the
 * books count its IVA once. Only a simplified invoice paid in full and never credited is substituted; one still owed
 * or credited is credited in full and reissued instead (reissue.ts), which makes the new invoice the one to pay. One
 * substitution an invoice: the locked row orders two requests, the unique index invoices_substitutes_key any other.
 */
export function substituteInvoice(
  ctx: Pick<ServiceContext, "db" | "club" | "now"> & Acting,
  id: string,
): Promise<Result<InvoiceDetail>> {
  return issueFromInvoice(ctx, id, {
    kind: "substitution",
    vet: async (tx, simplified) => {
      const substitutable =
        simplified.kind === "invoice" &&
        (simplified.customer as Customer).taxId === null &&
        simplified.status === "paid" &&
        simplified.creditedCents === 0n;
      if (!substitutable) return fail(BillingErrors.invoiceNotSubstitutable);
      const [earlier] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.substitutesInvoiceId, simplified.id));
      if (earlier) return fail(BillingErrors.invoiceAlreadySubstituted);
      const { customer } = await customerOf(tx, simplified.memberId);
      if (!customer.taxId) return fail(BillingErrors.customerTaxIdMissing);
      return ok({ customer, substitutes: simplified.id });
    },
    race: { index: "invoices_substitutes_key", error: BillingErrors.invoiceAlreadySubstituted },
  });
}
