import { invoiceResponse } from "@/app/api/responses";
import { BillingErrors } from "@/lib/billing/errors";
import { substituteInvoice } from "@/lib/billing/substitution";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const POST = route(
  {
    access: "billing:write",
    params: idParams,
    successStatus: 201,
    location: "/api/invoices/{id}",
    summary: "Issue a full invoice in place of a simplified one",
    description:
      "For a member who gives their DNI, NIE or NIF after paying a simplified invoice (RD 1619/2012 art. 7.2): a full invoice with the same lines, to the member as they are now, numbered in the invoices' series, recorded for VERI*FACTU as F3 naming the simplified invoice it replaces. The simplified invoice keeps its payments and its tax; the new one (`kind` `substitution`, `status` `paid`) owes nothing and shows `substitutes`, the simplified one `substitutedBy`. Only a simplified invoice paid in full and never credited; one at a time. Audited as `billing.invoice_issued`.",
    response: { schema: invoiceResponse },
    errors: [
      BillingErrors.invoiceNotFound,
      BillingErrors.invoiceNotSubstitutable,
      BillingErrors.customerTaxIdMissing,
      BillingErrors.invoiceAlreadySubstituted,
      BillingErrors.billingNotStarted,
    ],
  },
  async ({ params, services }) => substituteInvoice(services, params.id),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
