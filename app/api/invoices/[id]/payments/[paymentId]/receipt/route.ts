import { z } from "zod";
import { BillingErrors } from "@/lib/billing/errors";
import { paymentReceiptPdf } from "@/lib/billing/receipts";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { contentDisposition } from "@/lib/platform/http/content-disposition";

export const dynamic = "force-dynamic";

const receiptParams = z.object({
  id: z.uuid("Not a valid invoice id."),
  paymentId: z.uuid("Not a valid payment id."),
});

/** A payment's (or refund's) receipt, rendered for the answer. */
export const GET = route(
  {
    access: "billing:read",
    params: receiptParams,
    summary: "Download a payment's receipt",
    description:
      "The receipt of one of the invoice's payments (or refunds) as a PDF to print or hand over at the desk: the club, the member, the amount, method, date and reference, the invoice and what it still owes. The member was emailed the same when the payment was recorded.",
    response: { contentType: "application/pdf", description: "The receipt, as an attachment." },
    errors: [BillingErrors.invoiceNotFound, BillingErrors.paymentNotFound],
  },
  async ({ params, services }) => {
    const receipt = await paymentReceiptPdf(services, params.id, params.paymentId);
    if (!receipt.ok) return receipt;
    return new Response(new Uint8Array(receipt.value.content), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": contentDisposition("attachment", receipt.value.fileName),
        "cache-control": "private, no-cache",
      },
    });
  },
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
