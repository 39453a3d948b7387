import { getConfig } from "@/lib/config";
import { JOBS, type JobDefinition, scheduleOf } from "@/lib/jobs/definitions";
import { runJobExclusively, scheduleSlot } from "@/lib/jobs/run";
import { platform } from "@/lib/platform/container";
import { withSpan } from "@/lib/platform/telemetry/spans";
import { inngest } from "../client";

/**
 * The Inngest function of a recurring job: its cron trigger on the club's clock and one retryable step that runs the
 * job's lib service under the same cache lock the embedded scheduler takes, so the two never run it at once.
 */
function jobFunction(job: JobDefinition) {
  return inngest.createFunction(
    {
      id: job.name,
      name: job.description,
      // Inngest takes triggers when it syncs the app, declared here before any database is read: they follow
      // CLUB_TIMEZONE, not the stored zone (docs/api.md, Settings). Each run still reads the stored zone.
      triggers: [{ cron: scheduleOf(job, getConfig().CLUB_TIMEZONE) }],
      retries: 5,
      concurrency: { limit: 1 },
    },
    // The slot is the cron instant Inngest fired for (event.ts), so its retries keep the claim the embedded scheduler
    // would take for that slot (lib/jobs/run.ts); a run that failed gave its claim back.
    // The step body is a span of its own under Inngest's request (no inngest tracing middleware: lib/platform/telemetry).
    async ({ event, step }) =>
      step.run(job.stepName, () =>
        withSpan(`inngest step ${job.stepName}`, { attributes: { "inngest.function.id": job.name } }, async () => {
          const slot = scheduleSlot(job.cron, getConfig().CLUB_TIMEZONE, new Date(event.ts ?? Date.now()));
          return runJobExclusively(await platform(), job, {}, slot);
        }),
      ),
  );
}

/** Every Inngest function the app serves: one per recurring job in lib/jobs/definitions.ts. */
export const functions = JOBS.map(jobFunction);

/** The Inngest function of the job named `name` (as lib/jobs/definitions.ts names it). */
export function inngestFunction(name: string): (typeof functions)[number] {
  const found = functions.find((fn) => fn.id() === name);
  if (!found) throw new Error(`no Inngest function for job ${name}`);
  return found;
}
