import { processDailyAttendanceJob } from "@/lib/jobs/definitions";
import { jobFunction } from "./job-function";

/** Nightly at 03:00 in Madrid: yesterday's attendance of every active employee, one set-based statement. */
export const processDailyAttendance = jobFunction(processDailyAttendanceJob, "classify-previous-day");
