import { invoiceResponse } from "@/app/api/responses";
import { BillingErrors } from "@/lib/billing/errors";
import { reissueInvoice } from "@/lib/billing/reissue";
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
    summary: "Reissue a term's invoice",
    description:
      "Issues a term's invoice again after it was credited in full (it is `cancelled`): the same lines, to the member as they are now (a NIF given since makes it a full invoice), with a new number. The new invoice shows `replaces`, the cancelled one `replacedBy`. A term has one live invoice. Audited as `billing.invoice_issued`.",
    response: { schema: invoiceResponse },
    errors: [
      BillingErrors.invoiceNotFound,
      BillingErrors.invoiceNotReissuable,
      BillingErrors.termAlreadyInvoiced,
      BillingErrors.billingNotStarted,
    ],
  },
  async ({ params, services }) => reissueInvoice(services, params.id),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
