import { forwardAuditOutbox } from "@/lib/audit/forwarder";
import { deliverPendingMail } from "@/lib/mail/delivery";
import type { Platform } from "@/lib/platform/container";

export type JobArgs = { date?: string };
export type JobOutcome = Record<string, number | string | boolean>;

export type JobDefinition = {
  /** Inngest function id, lock key and `npm run job -- <name>` name. */
  name: string;
  description: string;
  /** Cron expression honoured by both Inngest and the embedded scheduler; may start with `TZ=<zone> `. */
  cron: string;
  /** Longest a run may hold its lock; a crashed instance releases it after this. */
  lockSeconds: number;
  run(platform: Platform, args: JobArgs): Promise<JobOutcome>;
};

export const forwardAuditLogJob: JobDefinition = {
  name: "forward-audit-log",
  description: "Moves audit entries from the PostgreSQL outbox to ClickHouse audit_logs.",
  cron: "* * * * *",
  lockSeconds: 300,
  run: async (platform) => forwardAuditOutbox(platform),
};

export const deliverMailJob: JobDefinition = {
  name: "deliver-mail",
  description: "Renders and sends due mail from the PostgreSQL outbox, retrying failures with backoff.",
  cron: "* * * * *",
  lockSeconds: 300,
  run: async (platform) => deliverPendingMail(platform),
};

/** Every recurring job. Job bodies live in lib services; this table only schedules them. */
export const JOBS: readonly JobDefinition[] = [forwardAuditLogJob, deliverMailJob];

export function findJob(name: string): JobDefinition | undefined {
  return JOBS.find((job) => job.name === name);
}
