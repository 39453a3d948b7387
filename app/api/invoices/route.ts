import { invoicePageResponse } from "@/app/api/responses";
import { invoiceListQuery } from "@/lib/billing/schemas";
import { listInvoices } from "@/lib/billing/service";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "billing:read",
    query: invoiceListQuery,
    summary: "List invoices",
    description:
      "Invoices and rectifying invoices, newest first by default; filter by status, issue dates (club calendar), member and series.",
    response: { schema: invoicePageResponse },
  },
  async ({ query, services }) => ok(await listInvoices(services, query)),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
