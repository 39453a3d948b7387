import { remittancePageResponse, remittanceResponse } from "@/app/api/collection-responses";
import { CollectionErrors } from "@/lib/billing/collections/errors";
import { newRemittanceSchema, remittanceListQuery } from "@/lib/billing/collections/remittance-schemas";
import { createRemittance, listRemittances } from "@/lib/billing/collections/remittances";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "billing:read",
    query: remittanceListQuery,
    summary: "List remittances",
    description: "SEPA direct debit remittances, drafts and sent, newest first by default.",
    response: { schema: remittancePageResponse },
  },
  async ({ query, services }) => ok(await listRemittances(services, query)),
);

export const POST = route(
  {
    access: "billing:remittances",
    body: newRemittanceSchema,
    successStatus: 201,
    location: "/api/remittances/{id}",
    summary: "Build a remittance",
    description:
      "A draft remittance for a collection date: the chosen invoices, or every invoice due by that date with an amount owed whose member has an active mandate and that no other remittance holds. Each debit is what is still owed, FRST under a mandate never collected under, else RCUR. Audited as `billing.remittance_generated`.",
    response: { schema: remittanceResponse },
    errors: [
      CollectionErrors.creditorNotConfigured,
      CollectionErrors.nothingToCollect,
      CollectionErrors.invoicesNotCollectable,
    ],
  },
  async ({ body, services }) => createRemittance(services, body),
);

export const { DELETE, OPTIONS, PATCH, PUT } = otherMethods({ GET, POST });
