import "@/tests/support/isolated-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type JobDefinition, pruneIdempotencyKeysJob } from "@/lib/jobs/definitions";
import { runJobExclusively, scheduleSlot } from "@/lib/jobs/run";
import { createRedisCache } from "@/lib/platform/cache/redis";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as runJobRoute } from "./[name]/run/route";

let running: Platform;
/** A second instance: its own Redis connection when REDIS_URL is set; the in-process cache is one instance's only. */
let instanceB: Platform;
let token: string;

beforeAll(async () => {
  running = await platform();
  const redisUrl = running.config.REDIS_URL;
  instanceB = redisUrl
    ? {
        ...running,
        cache: createRedisCache({ url: redisUrl, commandTimeoutMs: running.config.REDIS_COMMAND_TIMEOUT_MS }),
      }
    : running;
  await resetDatabase(running.database);
  token = await completeSetup();
});
afterAll(async () => {
  if (instanceB.cache !== running.cache) await instanceB.cache.close();
  await stopPlatform();
});

/** The job as each instance's scheduler runs it, counting the runs that get through. */
function countedJob(base: JobDefinition): { job: JobDefinition; runs: () => number } {
  let runs = 0;
  return {
    job: {
      ...base,
      run: async (p, args) => {
        runs += 1;
        return base.run(p, args);
      },
    },
    runs: () => runs,
  };
}

describe(`scheduled jobs across instances (cache: ${process.env.REDIS_URL ? "redis" : "memory"})`, () => {
  // A slot no earlier run of this suite used: the claims live in the shared test Redis past the next slot.
  const hour = new Date(Date.UTC(2031, 0, 1) + Math.floor(Math.random() * 1_000_000) * 3_600_000);
  const due = new Date(hour.getTime() + 45 * 60_000); // prune-idempotency-keys fires at :45

  it("uses the cache the environment names (Redis when REDIS_URL is set, as several instances need)", () => {
    expect(running.cache.kind).toBe(process.env.REDIS_URL ? "redis" : "memory");
  });

  it("keys a timer to the slot it fired for, however late, and keeps the claim past the next slot", () => {
    const slot = scheduleSlot(pruneIdempotencyKeysJob.cron, "Europe/Madrid", new Date(due.getTime() + 1_250));
    expect(slot.at.toISOString()).toBe(due.toISOString());
    expect(scheduleSlot("* * * * *", "UTC", due).at.toISOString()).toBe(due.toISOString());
    expect(slot.claimSeconds).toBeGreaterThan(3_600);
  });

  it("runs a slot once when two instances fire it a moment apart, the next slot again, and a manual run whenever asked", async () => {
    const { job, runs } = countedJob(pruneIdempotencyKeysJob);
    const timeZone = running.config.CLUB_TIMEZONE;
    // Instance A's timer, then instance B's 200 ms later, after A's run has ended and released the lock.
    const onA = await runJobExclusively(
      running,
      job,
      {},
      scheduleSlot(job.cron, timeZone, new Date(due.getTime() + 3)),
    );
    const onB = await runJobExclusively(
      instanceB,
      job,
      {},
      scheduleSlot(job.cron, timeZone, new Date(due.getTime() + 203)),
    );
    expect(onA).toMatchObject({ status: "completed" });
    expect(onB).toEqual({ status: "skipped", reason: "already-ran" });
    expect(runs()).toBe(1);

    // An operator's run in the same hour is not a slot: it runs.
    const manual = await call(runJobRoute, {
      path: `/api/jobs/${job.name}/run`,
      token,
      params: { name: job.name },
      method: "POST",
    });
    expect(manual).toMatchObject({ status: 200, body: { job: job.name, status: "completed" } });

    // The next slot, an hour later, runs once more.
    const nextDue = new Date(due.getTime() + 3_600_000);
    const next = await runJobExclusively(
      running,
      job,
      {},
      scheduleSlot(job.cron, timeZone, new Date(nextDue.getTime() + 40)),
    );
    expect(next).toMatchObject({ status: "completed" });
    expect(runs()).toBe(2);
  });

  it("gives a failed slot's claim back so a retry runs it, and never runs a slot beside a run holding the lock", async () => {
    const slot = scheduleSlot(pruneIdempotencyKeysJob.cron, "UTC", new Date(due.getTime() + 7_200_000));
    const failing: JobDefinition = { ...pruneIdempotencyKeysJob, run: async () => Promise.reject(new Error("outage")) };
    await expect(runJobExclusively(running, failing, {}, slot)).rejects.toThrow("outage");
    const { job, runs } = countedJob(pruneIdempotencyKeysJob);

    const lockToken = await running.cache.acquireLock(`jobs:lock:${job.name}`, 60);
    expect(lockToken).not.toBeNull();
    expect(await runJobExclusively(instanceB, job, {}, slot)).toEqual({ status: "skipped", reason: "locked" });
    await running.cache.releaseLock(`jobs:lock:${job.name}`, lockToken ?? "");

    expect(await runJobExclusively(instanceB, job, {}, slot)).toMatchObject({ status: "completed" });
    expect(await runJobExclusively(running, job, {}, slot)).toEqual({ status: "skipped", reason: "already-ran" });
    expect(runs()).toBe(1);
  });
});
