import { deliverMailJob } from "@/lib/jobs/definitions";
import { jobFunction } from "./job-function";

/** Every minute: due outbox mail → renderer → SMTP. Requests also start a run at once (deliverMailSoon). */
export const deliverMail = jobFunction(deliverMailJob, "deliver-due-mail");
