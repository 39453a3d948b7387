import { recordedMovementResponse } from "@/app/api/collection-responses";
import { CollectionErrors } from "@/lib/billing/collections/errors";
import { newPaymentSchema } from "@/lib/billing/collections/payment-schemas";
import { recordPayment } from "@/lib/billing/collections/payments";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const POST = route(
  {
    access: "billing:write",
    params: idParams,
    body: newPaymentSchema,
    successStatus: 201,
    location: "/api/invoices/{invoice.id}",
    summary: "Record a payment",
    description:
      "A payment or part payment of an invoice (cash, card, bank transfer, direct debit); the invoice becomes `partially_paid` or `paid` (an `overdue` one stays `overdue` until paid in full). More than the amount still due is refused, also between two parallel requests. Audited as `billing.payment_recorded`.",
    response: { schema: recordedMovementResponse },
    errors: [CollectionErrors.invoiceNotFound, CollectionErrors.overpayment, CollectionErrors.invoiceNotPayable],
  },
  async ({ params, body, services }) => recordPayment(services, params.id, body),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
