import { memberStatisticsResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { memberStatistics } from "@/lib/members/statistics";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** Counts by status, new members this month, subscriptions in force by plan and monthly recurring revenue. */
export const GET = route(
  { access: "members:read", summary: "Member statistics", response: { schema: memberStatisticsResponse } },
  async ({ services }) => ok(await memberStatistics(services)),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
