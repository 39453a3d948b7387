import { remittanceCandidatesResponse } from "@/app/api/collection-responses";
import { CANDIDATE_LIMIT, listRemittanceCandidates } from "@/lib/billing/collections/collectable";
import { candidateQuery } from "@/lib/billing/collections/remittance-schemas";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "billing:remittances",
    query: candidateQuery,
    summary: "List the invoices a remittance can collect",
    description: `For a collection date: the invoices \`POST /api/remittances\` would collect when no \`invoiceIds\` are given (due by that date, an amount owed, a member with an active mandate, in no other remittance), with each debit's amount and sequence. \`count\` and \`totalAmount\` cover them all; \`items\` lists the first ${CANDIDATE_LIMIT}, oldest due date first. Choose among them with \`invoiceIds\`.`,
    response: { schema: remittanceCandidatesResponse },
  },
  async ({ query, services }) => ok(await listRemittanceCandidates(services, query)),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
