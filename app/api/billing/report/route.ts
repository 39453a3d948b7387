import { revenueReportResponse } from "@/app/api/report-responses";
import { revenueReport } from "@/lib/billing/report/revenue";
import { revenueReportQuery } from "@/lib/billing/report/schemas";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "billing:read",
    query: revenueReportQuery,
    summary: "Revenue report",
    description:
      "Billed vs collected per month of the club's calendar (at most 36 months) and the ageing of what is owed at a date, in buckets of days past due (docs/billing.md, Revenue report).",
    response: { schema: revenueReportResponse },
  },
  async ({ query, services }) => ok(await revenueReport(services, query)),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
