import { remittanceResponse } from "@/app/api/collection-responses";
import { CollectionErrors } from "@/lib/billing/collections/errors";
import { deleteRemittance, getRemittance } from "@/lib/billing/collections/remittances";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "billing:read",
    params: idParams,
    summary: "Get a remittance",
    description: "With its debits: invoice, member, mandate, amount, sequence and what became of each.",
    response: { schema: remittanceResponse },
    errors: [CollectionErrors.remittanceNotFound],
  },
  async ({ params, services }) => getRemittance(services, params.id),
);

export const DELETE = route(
  {
    access: "billing:remittances",
    params: idParams,
    successStatus: 204,
    summary: "Delete a draft remittance",
    description:
      "Frees its invoices for another remittance (rebuild one after invoices changed). A sent remittance is kept.",
    errors: [CollectionErrors.remittanceNotFound, CollectionErrors.remittanceAlreadySent],
  },
  async ({ params, services }) => deleteRemittance(services, params.id),
);

export const { OPTIONS, PATCH, POST, PUT } = otherMethods({ GET, DELETE });
