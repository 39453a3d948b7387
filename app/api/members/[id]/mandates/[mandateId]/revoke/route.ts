import { mandateResponse } from "@/app/api/responses";
import { mandateParams } from "@/lib/billing/mandate-schemas";
import { revokeMandate } from "@/lib/billing/mandates";
import { SepaErrors } from "@/lib/billing/sepa/errors";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** active → revoked (200 with the mandate): no later remittance collects under it. Audited as `billing.mandate_revoked`. */
export const POST = route(
  {
    access: "billing:write",
    params: mandateParams,
    summary: "Revoke a direct debit mandate",
    response: { schema: mandateResponse },
    errors: [SepaErrors.memberNotFound, SepaErrors.mandateNotFound, SepaErrors.mandateNotActive],
  },
  async ({ params, services }) => revokeMandate(services, params.id, params.mandateId),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
