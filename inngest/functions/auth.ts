import { prunePasswordThrottlesJob } from "@/lib/jobs/definitions";
import { jobFunction } from "./job-function";

/** Hourly: idle password-guess counts and long-unused sign-in addresses are deleted. */
export const prunePasswordThrottles = jobFunction(prunePasswordThrottlesJob, "delete-idle-throttles");
