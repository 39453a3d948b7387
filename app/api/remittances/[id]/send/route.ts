import { remittanceResponse } from "@/app/api/collection-responses";
import { CollectionErrors } from "@/lib/billing/collections/errors";
import { sendRemittance } from "@/lib/billing/collections/remittances";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const POST = route(
  {
    access: "billing:remittances",
    params: idParams,
    summary: "Mark a remittance sent",
    description:
      "Its file is with the bank: its invoices become `pending_collection` and mandates collected for the first time become `recurring`. Refused when an invoice changed since the draft was built. Audited as `billing.remittance_sent`.",
    response: { schema: remittanceResponse },
    errors: [
      CollectionErrors.remittanceNotFound,
      CollectionErrors.remittanceAlreadySent,
      CollectionErrors.remittanceOutdated,
    ],
  },
  async ({ params, services }) => sendRemittance(services, params.id),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
