import { overdueListResponse } from "@/app/api/report-responses";
import { overdueInvoices } from "@/lib/billing/report/overdue";
import { overdueListQuery } from "@/lib/billing/report/schemas";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "billing:read",
    query: overdueListQuery,
    summary: "Overdue invoices",
    description:
      "Invoices the dunning job has marked overdue, the most overdue first, with the amount owed, the reminders sent and whether the member is suspended for non-payment.",
    response: { schema: overdueListResponse },
  },
  async ({ query, services }) => ok(await overdueInvoices(services, query)),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
