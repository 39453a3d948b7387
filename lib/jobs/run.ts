import { Cron } from "croner";
import type { Cache } from "@/lib/platform/cache";
import { detachedFromRequest } from "@/lib/platform/db/transaction";
import { logger } from "@/lib/platform/logger";
import { recordJobRun } from "@/lib/platform/metrics/registry";
import { withSpan } from "@/lib/platform/telemetry/spans";
import type { JobArgs, JobOutcome } from "./definitions";

type RunnableJob<P> = { name: string; lockSeconds: number; run(platform: P, args: JobArgs): Promise<JobOutcome> };

export type JobRun =
  | { status: "completed"; outcome: JobOutcome }
  | { status: "skipped"; reason: "locked" | "already-ran" };

/** One firing of a job's schedule: the instant it was due, and how long its claim must outlive it. */
export type ScheduleSlot = { at: Date; claimSeconds: number };

/** Kept past the next slot too, so a late timer of this slot on another instance still finds the claim. */
const CLAIM_MARGIN_SECONDS = 60;

/**
 * The slot of `cron` (on `timeZone`'s clock) that a timer firing at `firedAt` belongs to: the last due instant at or
 * before it. Every instance computes the same instant however late its timer fires, so it can key a claim.
 */
export function scheduleSlot(cron: string, timeZone: string, firedAt: Date): ScheduleSlot {
  const schedule = new Cron(cron, { timezone: timeZone, paused: true });
  // croner works in whole seconds and previousRuns() is strictly before its reference: one second past the fired one.
  const reference = new Date(Math.floor(firedAt.getTime() / 1000) * 1000 + 1000);
  const [at] = schedule.previousRuns(1, reference);
  const next = at ? schedule.nextRun(at) : null;
  if (!at || !next) throw new Error(`cron ${cron} has no slot around ${firedAt.toISOString()}`);
  return { at, claimSeconds: Math.ceil((next.getTime() - at.getTime()) / 1000) + CLAIM_MARGIN_SECONDS };
}

/**
 * Runs a job under a cache lock so two app instances never run it at once.
 * A scheduled run (`slot` given) also claims its slot, and the claim is not released when the run ends: each instance's
 * scheduler fires the same slot (their timers a few ms apart), and the lock alone would let a later timer run it
 * again once the first run finished. The claim is `SET jobs:slot:<name>:<instant> NX EX <past the next slot>` through
 * the same cache adapter as the lock (Redis when REDIS_URL is set, which several instances need for the lock anyway),
 * so no table or migration is needed and the keys expire by themselves. A failed run gives its claim back, so
 * Inngest's retry of that step, or another instance's timer, may still run the slot. A manual run (no slot) takes
 * only the lock: it runs whenever asked, never concurrently.
 * Failures propagate: Inngest retries the step, the embedded scheduler retries on its next tick.
 * The run is the span `job <name>`: the root of its own trace under the embedded scheduler, a child of the request's
 * span when Inngest's step or a manual run calls it.
 */
export async function runJobExclusively<P extends { cache: Cache }>(
  platform: P,
  job: RunnableJob<P>,
  args: JobArgs = {},
  slot?: ScheduleSlot,
): Promise<JobRun> {
  // A job run from a request (POST /api/jobs/{name}/run) is not part of it: not bound by its deadline, not its answer.
  return detachedFromRequest(() =>
    withSpan(`job ${job.name}`, { attributes: { "job.name": job.name } }, async () => {
      const lockKey = `jobs:lock:${job.name}`;
      const token = await platform.cache.acquireLock(lockKey, job.lockSeconds);
      if (!token) {
        logger.info({ job: job.name }, "job skipped: another instance holds its lock");
        recordJobRun({ job: job.name, outcome: "skipped" });
        return { status: "skipped", reason: "locked" };
      }
      let claim: { key: string; token: string } | undefined;
      const started = Date.now();
      try {
        if (slot) {
          const claimKey = `jobs:slot:${job.name}:${slot.at.toISOString()}`;
          const claimToken = await platform.cache.acquireLock(claimKey, slot.claimSeconds);
          if (!claimToken) {
            logger.info({ job: job.name, slot: slot.at }, "job skipped: this slot already ran on another instance");
            recordJobRun({ job: job.name, outcome: "skipped" });
            return { status: "skipped", reason: "already-ran" };
          }
          claim = { key: claimKey, token: claimToken };
        }
        const outcome = await job.run(platform, args);
        logger.info({ job: job.name, args, outcome, durationMs: Date.now() - started }, "job completed");
        recordJobRun({ job: job.name, outcome: "completed", seconds: (Date.now() - started) / 1000 });
        return { status: "completed", outcome };
      } catch (error) {
        logger.error({ job: job.name, args, err: error, durationMs: Date.now() - started }, "job failed");
        if (claim) await platform.cache.releaseLock(claim.key, claim.token).catch(() => undefined);
        recordJobRun({ job: job.name, outcome: "failed", seconds: (Date.now() - started) / 1000 });
        throw error;
      } finally {
        await platform.cache.releaseLock(lockKey, token).catch(() => undefined);
      }
    }),
  );
}
