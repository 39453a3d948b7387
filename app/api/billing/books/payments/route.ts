import { paymentsJournalResponse } from "@/app/api/books-responses";
import { paymentsJournal } from "@/lib/billing/books/payments-journal";
import { bookPeriodQuery } from "@/lib/billing/books/schemas";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "billing:read",
    query: bookPeriodQuery,
    summary: "Payments journal",
    description:
      "Money in and out from `from` to `to` (club dates of the movement, inclusive, at most 366 days): payments, refunds and net per day and method and per method, and every movement (docs/billing.md, Payments journal).",
    response: { schema: paymentsJournalResponse },
  },
  async ({ query, services }) => ok(await paymentsJournal(services, query)),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
