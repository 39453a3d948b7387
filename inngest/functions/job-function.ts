import type { JobDefinition } from "@/lib/jobs/definitions";
import { runJobExclusively } from "@/lib/jobs/run";
import { platform } from "@/lib/platform/container";
import { inngest } from "../client";

/**
 * The Inngest function of a recurring job: its cron trigger and one retryable step that runs the job's lib
 * service under the same cache lock the embedded scheduler takes, so the two never run it at once.
 */
export function jobFunction(job: JobDefinition, stepName: string) {
  return inngest.createFunction(
    { id: job.name, name: job.description, triggers: [{ cron: job.cron }], retries: 5, concurrency: { limit: 1 } },
    async ({ step }) => step.run(stepName, async () => runJobExclusively(await platform(), job)),
  );
}
