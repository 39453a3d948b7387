import { memberBalanceResponse } from "@/app/api/collection-responses";
import { memberBalance } from "@/lib/billing/collections/balance";
import { CollectionErrors } from "@/lib/billing/collections/errors";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "billing:read",
    params: idParams,
    summary: "A member's balance",
    description:
      "What the member still owes, the part past its due date (club calendar), how many invoices are unpaid, and the last payment.",
    response: { schema: memberBalanceResponse },
    errors: [CollectionErrors.memberNotFound],
  },
  async ({ params, services }) => memberBalance(services, params.id),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
