import { Cron } from "croner";
import { logger } from "@/lib/platform/logger";
import type { Platform } from "@/lib/platform/container";
import { JOBS } from "./definitions";
import { runJobExclusively } from "./run";

const TZ_PREFIX = /^TZ=(\S+)\s+/;

/** Splits Inngest's `TZ=Europe/Madrid 0 3 * * *` form into croner's pattern and timezone. */
export function parseSchedule(cron: string, defaultTimezone: string): { pattern: string; timezone: string } {
  const match = cron.match(TZ_PREFIX);
  return match ? { pattern: cron.slice(match[0].length), timezone: match[1] ?? defaultTimezone } : { pattern: cron, timezone: defaultTimezone };
}

/** Runs every job on its schedule in this process; used when Inngest is not configured. */
export function startEmbeddedScheduler(platform: Platform): () => void {
  const crons = JOBS.map((job) => {
    const { pattern, timezone } = parseSchedule(job.cron, platform.config.CLUB_TIMEZONE);
    return new Cron(pattern, { timezone, protect: true, name: job.name }, async () => {
      await runJobExclusively(platform, job).catch(() => undefined); // logged by the runner; the next tick retries
    });
  });
  logger.info({ jobs: JOBS.map((job) => job.name) }, "embedded scheduler started");
  return () => {
    for (const cron of crons) cron.stop();
  };
}
