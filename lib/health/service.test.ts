import { describe, expect, it, vi } from "vitest";
import {
  CHECK_TIMEOUT_MS,
  checkReadiness,
  DEGRADED_AFTER_MS,
  formatDuration,
  httpStatusOf,
  INSTANCE_DEPENDENCIES,
} from "./service";

describe("formatDuration", () => {
  it.each([
    [0, "00:00:00.000"],
    [7.4, "00:00:00.007"],
    [3000, "00:00:03.000"],
    [61_234, "00:01:01.234"],
    [3_723_045, "01:02:03.045"],
  ])("formats %d ms as %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe("checkReadiness", () => {
  const healthy = () => Promise.resolve();
  const probes = { database: healthy, cache: healthy, storage: healthy, analytics: healthy, "email-renderer": healthy };

  it("is Healthy with every entry Healthy", async () => {
    const report = await checkReadiness(probes);
    expect(report.status).toBe("Healthy");
    expect(Object.keys(report.entries)).toEqual(["database", "cache", "storage", "analytics", "email-renderer"]);
    expect(Object.values(report.entries).every((e) => e.status === "Healthy")).toBe(true);
    expect(report.totalDuration).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3}$/);
    expect(httpStatusOf(report)).toBe(200);
  });

  it.each(["cache", "storage", "analytics", "email-renderer"] as const)(
    "marks a failing %s Unhealthy and the report Degraded, still 200: every instance shares it and works around it",
    async (name) => {
      const report = await checkReadiness({ ...probes, [name]: () => Promise.reject(new Error("ECONNREFUSED")) });
      expect(report.entries[name].status).toBe("Unhealthy");
      expect(report.entries.database.status).toBe("Healthy");
      expect(report.status).toBe("Degraded");
      expect(httpStatusOf(report)).toBe(200);
    },
  );

  it("marks the report Unhealthy and 503 when the database fails", async () => {
    const report = await checkReadiness({ ...probes, database: () => Promise.reject(new Error("ECONNREFUSED")) });
    expect(report.entries.database.status).toBe("Unhealthy");
    expect(report.status).toBe("Unhealthy");
    expect(httpStatusOf(report)).toBe(503);
  });

  it("checks only the instance's own dependencies when asked (GET /health/instance)", async () => {
    const failing = () => Promise.reject(new Error("ECONNREFUSED"));
    const sharedDown = { ...probes, cache: failing, storage: failing };
    const report = await checkReadiness(sharedDown, INSTANCE_DEPENDENCIES);
    expect(report).toEqual({
      status: "Healthy",
      totalDuration: expect.stringMatching(/^\d{2}:\d{2}:\d{2}\.\d{3}$/),
      entries: { database: { status: "Healthy", duration: expect.any(String) } },
    });
    const down = await checkReadiness({ ...probes, database: failing }, INSTANCE_DEPENDENCIES);
    expect([down.status, httpStatusOf(down)]).toEqual(["Unhealthy", 503]);
  });

  it("marks a slow dependency Degraded but still ready", async () => {
    vi.useFakeTimers();
    const slow = () => new Promise<void>((resolve) => setTimeout(resolve, DEGRADED_AFTER_MS + 200));
    const pending = checkReadiness({ ...probes, analytics: slow });
    await vi.advanceTimersByTimeAsync(DEGRADED_AFTER_MS + 300);
    const report = await pending;
    vi.useRealTimers();
    expect(report.entries.analytics.status).toBe("Degraded");
    expect(report.status).toBe("Degraded");
    expect(httpStatusOf(report)).toBe(200);
  });

  it("gives up on a hanging dependency after the timeout, checking the others in parallel", async () => {
    vi.useFakeTimers();
    const hanging = () => new Promise<void>(() => {});
    const pending = checkReadiness({ ...probes, storage: hanging, database: hanging });
    await vi.advanceTimersByTimeAsync(CHECK_TIMEOUT_MS + 10);
    const report = await pending;
    vi.useRealTimers();
    expect(report.entries.storage.status).toBe("Unhealthy");
    expect(report.entries.database.status).toBe("Unhealthy");
    expect(report.totalDuration).toBe("00:00:03.000");
  });
});
