import { BillingErrors } from "@/lib/billing/errors";
import { getInvoicePdf } from "@/lib/billing/invoice-pdfs";
import { contentResponse } from "@/lib/files/http";
import { getStoredFile } from "@/lib/files/service";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { contentDisposition } from "@/lib/platform/http/content-disposition";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

/** The stored PDF as a file download; one the delivery job has not stored yet is rendered for this answer only. */
export const GET = route(
  {
    access: "billing:read",
    params: idParams,
    summary: "Download an invoice's PDF",
    description:
      "The PDF stored in club-documents by the deliver-invoices job (F2026-000123.pdf, with ETag and Range as file downloads have); an invoice whose PDF is not stored yet gets it rendered on the fly, not stored.",
    response: { contentType: "application/pdf", description: "The invoice's PDF, as an attachment." },
    errors: [BillingErrors.invoiceNotFound],
  },
  async ({ params, request, services }) => {
    const pdf = await getInvoicePdf(services, params.id);
    if (!pdf.ok) return pdf;
    if ("rendered" in pdf.value) {
      const { fileName, content } = pdf.value.rendered;
      return new Response(new Uint8Array(content), {
        headers: {
          "content-type": "application/pdf",
          "content-disposition": contentDisposition("attachment", fileName),
          "cache-control": "private, no-cache",
        },
      });
    }
    const file = await getStoredFile(services, pdf.value.stored.fileId);
    return file.ok ? contentResponse(request, services, file.value, "attachment") : file;
  },
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
