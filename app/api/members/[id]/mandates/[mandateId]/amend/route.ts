import { mandateResponse } from "@/app/api/responses";
import { mandateAmendmentSchema, mandateParams } from "@/lib/billing/mandate-schemas";
import { amendMandate } from "@/lib/billing/mandates";
import { SepaErrors } from "@/lib/billing/sepa/errors";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * The member's new account under the same mandate (200 with the mandate, its `pendingAmendment` set): the next
 * remittance announces the change to the bank. Audited as `billing.mandate_amended`.
 */
export const POST = route(
  {
    access: "billing:write",
    params: mandateParams,
    body: mandateAmendmentSchema,
    summary: "Amend a direct debit mandate's account",
    description:
      "Same mandate reference and signature date, a new IBAN (and BIC), when the member changes account: no new mandate, no new first collection. The next remittance's debits under it carry the amendment (AmdmntInd, and the original IBAN or SMNDA) until one of them is collected.",
    response: { schema: mandateResponse },
    errors: [
      SepaErrors.memberNotFound,
      SepaErrors.mandateNotFound,
      SepaErrors.mandateNotActive,
      SepaErrors.mandateAccountUnchanged,
      SepaErrors.debtorAddressRequired,
    ],
  },
  async ({ params, body, services }) => amendMandate(services, params.id, params.mandateId, body),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
