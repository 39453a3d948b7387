import { settlementResponse } from "@/app/api/collection-responses";
import { CollectionErrors } from "@/lib/billing/collections/errors";
import { settleRemittance } from "@/lib/billing/collections/returns";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const POST = route(
  {
    access: "billing:remittances",
    params: idParams,
    summary: "Record a remittance as collected",
    description:
      "From its collection date on: every debit not returned is recorded as paid by direct debit on the collection date, its invoice `paid`. Idempotent. A return imported later takes the payment back. Audited as `billing.payment_recorded` per invoice.",
    response: { schema: settlementResponse },
    errors: [
      CollectionErrors.remittanceNotFound,
      CollectionErrors.remittanceNotSent,
      CollectionErrors.remittanceNotDue,
    ],
  },
  async ({ params, services }) => settleRemittance(services, params.id),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
