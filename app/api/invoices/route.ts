import { invoicePageResponse, invoiceResponse } from "@/app/api/responses";
import { BillingErrors } from "@/lib/billing/errors";
import { issueManualInvoice } from "@/lib/billing/manual-invoice";
import { invoiceListQuery, newInvoiceSchema } from "@/lib/billing/schemas";
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

export const POST = route(
  {
    access: "billing:write",
    body: newInvoiceSchema,
    successStatus: 201,
    location: "/api/invoices/{id}",
    summary: "Issue an invoice with free lines",
    description:
      "Issues an invoice staff write line by line (a locker, a course, a towel), each line at its own IVA rate or exempt with its legal ground, numbered in series F like a term's invoice (a simplified invoice when the member has no NIF). Any credit the member has pays it at once. Audited as `billing.invoice_issued`.",
    response: { schema: invoiceResponse },
    errors: [BillingErrors.memberNotFound, BillingErrors.billingNotStarted],
  },
  async ({ body, services }) => issueManualInvoice(services, body),
);

export const { DELETE, OPTIONS, PATCH, PUT } = otherMethods({ GET, POST });
