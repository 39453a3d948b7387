import { invoiceResponse } from "@/app/api/responses";
import { BillingErrors } from "@/lib/billing/errors";
import { getInvoice } from "@/lib/billing/service";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "billing:read",
    params: idParams,
    summary: "Get an invoice",
    description: "With its lines, its tax breakdown per rate and its place in the hash chain.",
    response: { schema: invoiceResponse },
    errors: [BillingErrors.invoiceNotFound],
  },
  async ({ params, services }) => getInvoice(services, params.id),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
