import { issuedInvoicesResponse } from "@/app/api/books-responses";
import { issuedInvoicesBook } from "@/lib/billing/books/issued-invoices";
import { issuedInvoicesQuery } from "@/lib/billing/books/schemas";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "billing:read",
    query: issuedInvoicesQuery,
    summary: "Libro registro de facturas expedidas",
    description:
      "One row per invoice and IVA rate issued from `from` to `to` (club dates, inclusive, at most 366 days), rectifying invoices included with negative amounts, a page of them (`pageNumber`, `pageSize` up to 100), with the totals per rate of the whole period (docs/billing.md, The accountant's books). The whole period as a file: /api/billing/books/issued-invoices/file.",
    response: { schema: issuedInvoicesResponse },
  },
  async ({ query, services }) => ok(await issuedInvoicesBook(services, query)),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
