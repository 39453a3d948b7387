import { recordedRefundResponse } from "@/app/api/collection-responses";
import { CollectionErrors } from "@/lib/billing/collections/errors";
import { newRefundSchema } from "@/lib/billing/collections/payment-schemas";
import { recordRefund } from "@/lib/billing/collections/payments";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const POST = route(
  {
    access: "billing:refund",
    params: idParams,
    body: newRefundSchema,
    successStatus: 201,
    location: "/api/invoices/{invoice.id}",
    summary: "Record a refund",
    description:
      "Money given back, up to what has been paid on the invoice. A refund never makes the member owe more: it gives back the money the club holds for the member on the invoice (`refundDue`) and credits anything beyond it with a rectifying invoice issued in the same transaction (`rectifyingInvoice`), so a `paid` invoice stays `paid`. With `reopensInvoice: true` a payment recorded by mistake is undone instead: the invoice returns to `partially_paid` or `open`. Audited as `billing.refund_recorded` (and `billing.invoice_rectified`).",
    response: { schema: recordedRefundResponse },
    errors: [CollectionErrors.invoiceNotFound, CollectionErrors.refundExceedsPaid],
  },
  async ({ params, body, services }) => recordRefund(services, params.id, body),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
