import { jobListResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { listJobs } from "@/lib/jobs/manual";

export const dynamic = "force-dynamic";

/** The background jobs and their schedules. */
export const GET = route(
  { access: "jobs:run", summary: "List the background jobs", response: { schema: jobListResponse } },
  async ({ services }) => listJobs(services.club.timeZone),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
