import { describe, expect, it } from "vitest";
import { createMemoryCache } from "@/lib/platform/cache/memory";
import { runJobExclusively, scheduleSlot } from "./run";
import { embeddedCron } from "./scheduler";

describe("runJobExclusively", () => {
  it("lets only one of two simultaneous runs through", async () => {
    const platform = { cache: createMemoryCache() };
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const job = {
      name: "example",
      lockSeconds: 60,
      run: async () => {
        runs += 1;
        await gate;
        return { runs };
      },
    };

    const first = runJobExclusively(platform, job);
    const second = await runJobExclusively(platform, job);
    release();

    expect(second).toEqual({ status: "skipped", reason: "locked" });
    expect(await first).toEqual({ status: "completed", outcome: { runs: 1 } });
    expect(runs).toBe(1);
  });

  it("releases the lock after a failure so the next run retries", async () => {
    const platform = { cache: createMemoryCache() };
    const failing = { name: "flaky", lockSeconds: 60, run: async () => Promise.reject(new Error("outage")) };
    await expect(runJobExclusively(platform, failing)).rejects.toThrow("outage");

    const healthy = { ...failing, run: async () => ({ done: true }) };
    expect(await runJobExclusively(platform, healthy)).toEqual({ status: "completed", outcome: { done: true } });
  });
});

describe("scheduleSlot", () => {
  it("maps a timer, however late within its slot, to the instant the slot was due, on the club's clock", () => {
    // 03:00 in Madrid is 02:00 UTC in winter and 01:00 UTC in summer.
    expect(scheduleSlot("0 3 * * *", "Europe/Madrid", new Date("2026-11-27T02:00:00.004Z")).at.toISOString()).toBe(
      "2026-11-27T02:00:00.000Z",
    );
    expect(scheduleSlot("0 3 * * *", "Europe/Madrid", new Date("2026-07-01T01:00:02.500Z")).at.toISOString()).toBe(
      "2026-07-01T01:00:00.000Z",
    );
    const everyMinute = scheduleSlot("* * * * *", "UTC", new Date("2026-11-27T08:35:59.999Z"));
    expect(everyMinute).toEqual({ at: new Date("2026-11-27T08:35:00.000Z"), claimSeconds: 120 });
  });

  it("keys the short slots of EMBEDDED_SCHEDULER_TICK_SECONDS to their own instants", () => {
    const cron = embeddedCron("* * * * *", 10);
    expect(cron).toBe("*/10 * * * * *");
    expect(scheduleSlot(cron, "Europe/Madrid", new Date("2026-11-27T08:35:29.990Z"))).toEqual({
      at: new Date("2026-11-27T08:35:20.000Z"),
      claimSeconds: 70,
    });
    // Only the every-minute jobs move; unset, nothing does.
    expect(embeddedCron("*/5 * * * *", 10)).toBe("*/5 * * * *");
    expect(embeddedCron("* * * * *", undefined)).toBe("* * * * *");
  });
});

describe("runJobExclusively with a schedule slot", () => {
  it("runs a slot once, the next slot again, and a manual run whenever asked", async () => {
    const platform = { cache: createMemoryCache() };
    let runs = 0;
    const job = { name: "example", lockSeconds: 60, run: async () => ({ runs: ++runs }) };
    const slot = scheduleSlot("* * * * *", "UTC", new Date("2026-11-27T08:35:00.010Z"));
    const late = scheduleSlot("* * * * *", "UTC", new Date("2026-11-27T08:35:00.210Z"));

    expect(await runJobExclusively(platform, job, {}, slot)).toEqual({ status: "completed", outcome: { runs: 1 } });
    expect(await runJobExclusively(platform, job, {}, late)).toEqual({ status: "skipped", reason: "already-ran" });
    expect(await runJobExclusively(platform, job)).toEqual({ status: "completed", outcome: { runs: 2 } });
    const next = scheduleSlot("* * * * *", "UTC", new Date("2026-11-27T08:36:00.003Z"));
    expect(await runJobExclusively(platform, job, {}, next)).toEqual({ status: "completed", outcome: { runs: 3 } });
  });
});
