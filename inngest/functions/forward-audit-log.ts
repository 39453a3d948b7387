import { forwardAuditLogJob } from "@/lib/jobs/definitions";
import { jobFunction } from "./job-function";

/** Every minute: audit outbox → ClickHouse. A failed step is retried by Inngest; forwarding is idempotent. */
export const forwardAuditLog = jobFunction(forwardAuditLogJob, "forward-outbox-batches");
