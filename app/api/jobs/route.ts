import { listJobs } from "@/lib/jobs/manual";
import { route } from "@/lib/platform/http/route";

export const dynamic = "force-dynamic";

/** The background jobs and their schedules. */
export const GET = route({ access: "jobs:run" }, async () => listJobs());
