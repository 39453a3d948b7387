import { issuedInvoiceRows } from "@/lib/billing/books/issued-invoices";
import { BOOK_CONTENT_TYPES, bookFileName, issuedInvoicesFile } from "@/lib/billing/books/issued-invoices-file";
import { issuedInvoicesFileQuery } from "@/lib/billing/books/schemas";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "billing:read",
    query: issuedInvoicesFileQuery,
    summary: "Download the libro registro de facturas expedidas",
    description:
      "The book of GET /api/billing/books/issued-invoices in the AEAT's format for libros registro de IVA, as an attachment named libro-registro-expedidas-YYYY-MM.csv for a whole month (else libro-registro-expedidas-FROM_TO.csv): CSV in UTF-8 with BOM, `;` between fields, decimal comma and dates dd/mm/yyyy, or XLSX with amounts as numbers with two decimals and dates as dates.",
    response: { contentType: [BOOK_CONTENT_TYPES.csv.split(";")[0] as string, BOOK_CONTENT_TYPES.xlsx] },
  },
  async ({ query, services }) => {
    const { format, ...period } = query;
    const rows = await issuedInvoiceRows(services, period);
    return new Response(await issuedInvoicesFile(rows, format), {
      headers: {
        "content-type": BOOK_CONTENT_TYPES[format],
        "content-disposition": `attachment; filename="${bookFileName(period, format)}"`,
        "cache-control": "no-store",
      },
    });
  },
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
