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

  it("name each job and its Inngest step once", () => {
    expect(new Set(JOBS.map((job) => job.name)).size).toBe(JOBS.length);
    expect(new Set(JOBS.map((job) => job.stepName)).size).toBe(JOBS.length);
  });
});
