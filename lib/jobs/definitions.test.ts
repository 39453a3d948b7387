import { describe, expect, it } from "vitest";
import { JOBS, scheduleOf } from "./definitions";
import { listJobs } from "./manual";

describe("job schedules", () => {
  it("run on the configured club's clock, not a hard-coded zone", () => {
    const nightly = JOBS.find((job) => job.name === "process-daily-attendance")!;
    expect(scheduleOf(nightly, "Europe/Madrid")).toBe("TZ=Europe/Madrid 0 3 * * *");
    expect(scheduleOf(nightly, "America/Mexico_City")).toBe("TZ=America/Mexico_City 0 3 * * *");
  });

  it("are listed in the club's zone for every job", () => {
    const listed = listJobs("Atlantic/Canary");
    expect(listed.ok && listed.value.items.map((job) => job.cron)).toEqual(
      JOBS.map((job) => `TZ=Atlantic/Canary ${job.cron}`),
    );
  });

  it("say when each job next starts, on the club's clock across the DST change", () => {
    // Madrid leaves summer time at 03:00 on 25 Oct 2026: 03:00 on the 25th is 02:00 UTC, on the 26th 02:00 UTC too.
    const listed = listJobs("Europe/Madrid", new Date("2026-10-24T23:30:00Z"));
    const next = (name: string) => (listed.ok ? listed.value.items.find((job) => job.name === name)?.nextRunAt : null);
    expect(next("process-daily-attendance")).toBe("2026-10-25T02:00:00.000Z");
    expect(next("forward-audit-log")).toBe("2026-10-24T23:31:00.000Z");
    expect(next("check-expiring-subscriptions")).toBe("2026-10-25T08:00:00.000Z");
    const summer = listJobs("Europe/Madrid", new Date("2026-07-01T12:00:00Z"));
    expect(summer.ok && summer.value.items.find((job) => job.name === "process-daily-attendance")?.nextRunAt).toBe(
      "2026-07-02T01:00:00.000Z",
    );
  });

  it("name each job and its Inngest step once", () => {
    expect(new Set(JOBS.map((job) => job.name)).size).toBe(JOBS.length);
    expect(new Set(JOBS.map((job) => job.stepName)).size).toBe(JOBS.length);
  });
});
