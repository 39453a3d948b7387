import { mandateResponse } from "@/app/api/responses";
import { mandateParams } from "@/lib/billing/mandate-schemas";
import { getMandate } from "@/lib/billing/mandates";
import { SepaErrors } from "@/lib/billing/sepa/errors";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** One of the member's mandates: what a created mandate's `Location` names. */
export const GET = route(
  {
    access: "billing:read",
    params: mandateParams,
    summary: "A direct debit mandate",
    response: { schema: mandateResponse },
    errors: [SepaErrors.memberNotFound, SepaErrors.mandateNotFound],
  },
  async ({ params, services }) => getMandate(services, params.id, params.mandateId),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
