import { deliverMailJob as job } from "@/lib/jobs/definitions";
import { runJobExclusively } from "@/lib/jobs/run";
import { platform } from "@/lib/platform/container";
import { inngest } from "../client";

/** Every minute: due outbox mail → renderer → SMTP. Requests also start a run at once (deliverMailSoon). */
export const deliverMail = inngest.createFunction(
  { id: job.name, name: job.description, triggers: [{ cron: job.cron }], retries: 5, concurrency: { limit: 1 } },
  async ({ step }) => step.run("deliver-due-mail", async () => runJobExclusively(await platform(), job)),
);
