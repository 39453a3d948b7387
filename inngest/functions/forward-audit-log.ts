import { forwardAuditLogJob as job } from "@/lib/jobs/definitions";
import { runJobExclusively } from "@/lib/jobs/run";
import { platform } from "@/lib/platform/container";
import { inngest } from "../client";

/** Every minute: audit outbox → ClickHouse. A failed step is retried by Inngest; forwarding is idempotent. */
export const forwardAuditLog = inngest.createFunction(
  { id: job.name, name: job.description, triggers: [{ cron: job.cron }], retries: 5, concurrency: { limit: 1 } },
  async ({ step }) => step.run("forward-outbox-batches", async () => runJobExclusively(await platform(), job)),
);
