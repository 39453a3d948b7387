import { randomBytes } from "node:crypto";
import type { Cache } from "@/lib/platform/cache";
import { logger } from "@/lib/platform/logger";
import { recordJobRun } from "@/lib/platform/metrics/registry";
import { runWithTrace } from "@/lib/platform/trace";
import type { JobArgs, JobOutcome } from "./definitions";

type RunnableJob<P> = { name: string; lockSeconds: number; run(platform: P, args: JobArgs): Promise<JobOutcome> };

export type JobRun = { status: "completed"; outcome: JobOutcome } | { status: "skipped"; reason: "locked" };

/**
 * Runs a job under a cache lock so two app instances never run it at once.
 * Failures propagate: Inngest retries the step, the embedded scheduler retries on its next tick.
 */
export async function runJobExclusively<P extends { cache: Cache }>(
  platform: P,
  job: RunnableJob<P>,
  args: JobArgs = {},
): Promise<JobRun> {
  return runWithTrace({ traceId: randomBytes(16).toString("hex") }, async () => {
    const lockKey = `jobs:lock:${job.name}`;
    const token = await platform.cache.acquireLock(lockKey, job.lockSeconds);
    if (!token) {
      logger.info({ job: job.name }, "job skipped: another instance holds its lock");
      recordJobRun({ job: job.name, outcome: "skipped" });
      return { status: "skipped", reason: "locked" };
    }
    const started = Date.now();
    try {
      const outcome = await job.run(platform, args);
      logger.info({ job: job.name, args, outcome, durationMs: Date.now() - started }, "job completed");
      recordJobRun({ job: job.name, outcome: "completed", seconds: (Date.now() - started) / 1000 });
      return { status: "completed", outcome };
    } catch (error) {
      logger.error({ job: job.name, args, err: error, durationMs: Date.now() - started }, "job failed");
      recordJobRun({ job: job.name, outcome: "failed", seconds: (Date.now() - started) / 1000 });
      throw error;
    } finally {
      await platform.cache.releaseLock(lockKey, token).catch(() => undefined);
    }
  });
}
