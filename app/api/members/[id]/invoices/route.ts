import { invoicePageResponse } from "@/app/api/responses";
import { BillingErrors } from "@/lib/billing/errors";
import { memberInvoiceListQuery } from "@/lib/billing/schemas";
import { listMemberInvoices } from "@/lib/billing/service";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "billing:read",
    params: idParams,
    query: memberInvoiceListQuery,
    summary: "List a member's invoices",
    response: { schema: invoicePageResponse },
    errors: [BillingErrors.memberNotFound],
  },
  async ({ params, query, services }) => listMemberInvoices(services, params.id, query),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
