import { invoiceResponse } from "@/app/api/responses";
import { BillingErrors } from "@/lib/billing/errors";
import { rectificationSchema } from "@/lib/billing/schemas";
import { rectifyInvoice } from "@/lib/billing/service";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const POST = route(
  {
    access: "billing:refund",
    params: idParams,
    body: rectificationSchema,
    successStatus: 201,
    location: "/api/invoices/{id}",
    summary: "Rectify an invoice in full",
    description:
      "Issues a rectifying invoice (series R) that credits every line of the invoice and references it; the invoice becomes `cancelled`. Audited as `billing.invoice_issued` and `billing.invoice_rectified`. Answers the rectifying invoice.",
    response: { schema: invoiceResponse },
    errors: [BillingErrors.invoiceNotFound, BillingErrors.alreadyRectified, BillingErrors.rectifyingNotRectifiable],
  },
  async ({ params, body, services }) => rectifyInvoice(services, params.id, body),
);

export const { DELETE, GET, OPTIONS, PATCH, PUT } = otherMethods({ POST });
