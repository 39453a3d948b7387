import { getConfig } from "@/lib/config";
import { listJobs } from "@/lib/jobs/manual";
import { jobListResponse } from "@/lib/openapi/responses";
import { route } from "@/lib/platform/http/route";

export const dynamic = "force-dynamic";

/** The background jobs and their schedules. */
export const GET = route(
  { access: "jobs:run", summary: "List the background jobs", response: { schema: jobListResponse } },
  async () => listJobs(getConfig().CLUB_TIMEZONE),
);
