import { invoiceResponse } from "@/app/api/responses";
import { CollectionErrors } from "@/lib/billing/collections/errors";
import { writeOffSchema } from "@/lib/billing/collections/payment-schemas";
import { writeOffInvoice } from "@/lib/billing/collections/payments";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const POST = route(
  {
    access: "billing:refund",
    params: idParams,
    body: writeOffSchema,
    summary: "Write an invoice off",
    description:
      "The club gives up collecting what is still due on an open, partially paid, overdue or returned invoice: it becomes `written_off` (kept, like every issued invoice). Audited as `billing.invoice_written_off` with the reason.",
    response: { schema: invoiceResponse },
    errors: [CollectionErrors.invoiceNotFound, CollectionErrors.invoiceNotWriteOffable],
  },
  async ({ params, body, services }) => writeOffInvoice(services, params.id, body),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
