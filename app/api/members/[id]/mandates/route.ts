import { mandatePageResponse, mandateResponse } from "@/app/api/responses";
import { mandateListQuery, newMandateSchema } from "@/lib/billing/mandate-schemas";
import { createMandate, listMandates } from "@/lib/billing/mandates";
import { SepaErrors } from "@/lib/billing/sepa/errors";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

/** The member's SEPA direct debit mandates, active and revoked, newest first, as a page (spec 2.10). */
export const GET = route(
  {
    access: "billing:read",
    params: idParams,
    query: mandateListQuery,
    summary: "A member's direct debit mandates",
    response: { schema: mandatePageResponse },
    errors: [SepaErrors.memberNotFound],
  },
  async ({ params, query, services }) => listMandates(services, params.id, query),
);

/** Registers a signed SEPA Core mandate (201); audited as `billing.mandate_created` with the IBAN masked. */
export const POST = route(
  {
    access: "billing:write",
    params: idParams,
    body: newMandateSchema,
    successStatus: 201,
    location: "/api/members/{memberId}/mandates/{id}",
    summary: "Add a direct debit mandate",
    description:
      "The IBAN is checked (checksum, the country's format, a SEPA country); the signature date may not be after today in the club's time zone. A member has one active mandate: revoke it before adding another.",
    response: { schema: mandateResponse },
    errors: [
      SepaErrors.memberNotFound,
      SepaErrors.mandateAlreadyActive,
      SepaErrors.mandateReferenceTaken,
      SepaErrors.debtorAddressRequired,
    ],
  },
  async ({ params, body, services }) => createMandate(services, params.id, body),
);

export const { DELETE, OPTIONS, PATCH, PUT } = otherMethods({ GET, POST });
