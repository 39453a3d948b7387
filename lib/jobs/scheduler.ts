import { Cron } from "croner";
import type { Platform } from "@/lib/platform/container";
import { logger } from "@/lib/platform/logger";
import { JOBS } from "./definitions";
import { runJobExclusively } from "./run";

/** Runs every job on its schedule in this process; used when Inngest is not configured. */
function startEmbeddedScheduler(platform: Platform): () => void {
  const crons = JOBS.map(
    (job) =>
      new Cron(job.cron, { timezone: platform.config.CLUB_TIMEZONE, protect: true, name: job.name }, async () => {
        await runJobExclusively(platform, job).catch(() => undefined); // logged by the runner; the next tick retries
      }),
  );
  logger.info({ jobs: JOBS.map((job) => job.name) }, "embedded scheduler started");
  return () => {
    for (const cron of crons) cron.stop();
  };
}

/** Starts the embedded scheduler when Inngest is not configured and EMBEDDED_SCHEDULER allows it (server start-up). */
export function startSchedulerUnlessInngest(platform: Platform): void {
  if (!platform.config.inngestEnabled && platform.config.EMBEDDED_SCHEDULER) startEmbeddedScheduler(platform);
}
