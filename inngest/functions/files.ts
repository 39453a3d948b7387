import { expireTempFilesJob } from "@/lib/jobs/definitions";
import { jobFunction } from "./job-function";

/** Hourly: club-temp files older than 24 hours lose their object and their row. */
export const expireTempFiles = jobFunction(expireTempFilesJob, "delete-expired-temp-files");
