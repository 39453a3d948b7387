import { chainVerificationResponse } from "@/app/api/responses";
import { verifyInvoiceChain } from "@/lib/billing/service";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "billing:read",
    summary: "Verify the invoice chain",
    description:
      "Re-hashes every invoice record in order: `ok` with the count, or the first broken link (a record changed, removed or reordered behind the database's back).",
    response: { schema: chainVerificationResponse },
  },
  async ({ services }) => ok(await verifyInvoiceChain(services)),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
