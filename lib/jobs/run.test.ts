import { describe, expect, it } from "vitest";
import { createMemoryCache } from "@/lib/platform/cache/memory";
import { runJobExclusively } from "./run";

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
