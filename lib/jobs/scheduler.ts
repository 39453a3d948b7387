import { Cron } from "croner";
import type { Platform } from "@/lib/platform/container";
import { logger } from "@/lib/platform/logger";
import { readClubSettings } from "@/lib/settings/club-settings";
import { JOBS } from "./definitions";
import { runJobExclusively, scheduleSlot } from "./run";

/** How often the scheduler looks whether the club's time zone changed (PUT /api/settings on any instance). */
const ZONE_CHECK_CRON = "* * * * *";

/** `cron`, or every `tickSeconds` seconds for an every-minute job when EMBEDDED_SCHEDULER_TICK_SECONDS is set. */
export const embeddedCron = (cron: string, tickSeconds: number | undefined): string =>
  tickSeconds && cron === "* * * * *" ? `*/${tickSeconds} * * * * *` : cron;

function scheduleJobs(platform: Platform, timeZone: string): Cron[] {
  return JOBS.map((job) => {
    const cron = embeddedCron(job.cron, platform.config.EMBEDDED_SCHEDULER_TICK_SECONDS);
    return new Cron(cron, { timezone: timeZone, protect: true, name: job.name }, async () => {
      // Every instance fires this slot: its claim lets one run it (lib/jobs/run.ts). Failures are logged by the
      // runner; the next tick retries.
      const slot = scheduleSlot(cron, timeZone, new Date());
      await runJobExclusively(platform, job, {}, slot).catch(() => undefined);
    });
  });
}

/**
 * Runs every job on its schedule in this process, on the club's stored time zone; used when Inngest is not configured.
 * The zone is read at start and then every minute: when it changed, every job is scheduled again on the new one.
 */
async function startEmbeddedScheduler(platform: Platform): Promise<() => void> {
  const readZone = async () => (await readClubSettings(platform.database.db, platform.config)).timeZone;
  // The database is away at start: CLUB_TIMEZONE until the first check below reads the stored zone.
  let timeZone = await readZone().catch(() => platform.config.CLUB_TIMEZONE);
  let crons = scheduleJobs(platform, timeZone);
  const zoneCheck = new Cron(ZONE_CHECK_CRON, { protect: true, name: "club-time-zone" }, async () => {
    const current = await readZone().catch(() => timeZone); // the database is away: keep the schedule we have
    if (current === timeZone) return;
    for (const cron of crons) cron.stop();
    crons = scheduleJobs(platform, current);
    logger.info({ from: timeZone, to: current }, "embedded scheduler moved to the club's new time zone");
    timeZone = current;
  });
  logger.info({ jobs: JOBS.map((job) => job.name), timeZone }, "embedded scheduler started");
  return () => {
    zoneCheck.stop();
    for (const cron of crons) cron.stop();
  };
}

/** Starts the embedded scheduler when Inngest is not configured and EMBEDDED_SCHEDULER allows it (server start-up). */
export function startSchedulerUnlessInngest(platform: Platform): void {
  if (!platform.config.inngestEnabled && platform.config.EMBEDDED_SCHEDULER) void startEmbeddedScheduler(platform);
}
