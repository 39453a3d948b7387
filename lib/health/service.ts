import type { Platform } from "@/lib/platform/container";
import { withTimeout } from "@/lib/platform/errors";

type HealthStatus = "Healthy" | "Degraded" | "Unhealthy";
type HealthEntry = { status: HealthStatus; duration: string };
export type HealthReport = {
  status: HealthStatus;
  totalDuration: string;
  entries: Record<DependencyName, HealthEntry>;
};

/** Spec 4.1: each readiness check gets 3 seconds. */
export const CHECK_TIMEOUT_MS = 3000;
/** A dependency that answers, but slower than this, is Degraded rather than Healthy. */
export const DEGRADED_AFTER_MS = 1000;

/** The spec's entry keys, in report order. */
export const DEPENDENCIES = ["database", "cache", "storage", "analytics", "email-renderer"] as const;
type DependencyName = (typeof DEPENDENCIES)[number];
export type Probes = Record<DependencyName, () => Promise<void>>;

export function probesOf(platform: Platform): Probes {
  return {
    database: () => platform.database.ping(),
    cache: () => platform.cache.ping(),
    storage: () => platform.storage.ping(),
    analytics: () => platform.analytics.ping(),
    "email-renderer": () => platform.renderer.ping(),
  };
}
const RANK: Record<HealthStatus, number> = { Healthy: 0, Degraded: 1, Unhealthy: 2 };

/** "hh:mm:ss.fff", the spec's duration format. */
export function formatDuration(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor(whole / 60_000) % 60;
  const seconds = Math.floor(whole / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(whole % 1000, 3)}`;
}

async function checkOne(check: () => Promise<void>): Promise<HealthEntry> {
  const started = performance.now();
  let status: HealthStatus;
  try {
    await withTimeout("health check", CHECK_TIMEOUT_MS, check());
    status = performance.now() - started > DEGRADED_AFTER_MS ? "Degraded" : "Healthy";
  } catch {
    status = "Unhealthy";
  }
  return { status, duration: formatDuration(performance.now() - started) };
}

function worst(statuses: HealthStatus[]): HealthStatus {
  return statuses.reduce<HealthStatus>((acc, status) => (RANK[status] > RANK[acc] ? status : acc), "Healthy");
}

/** Checks every dependency in parallel; one that hangs costs at most CHECK_TIMEOUT_MS. */
export async function checkReadiness(probes: Probes): Promise<HealthReport> {
  const started = performance.now();
  const results = await Promise.all(DEPENDENCIES.map((name) => checkOne(probes[name])));
  const entries = Object.fromEntries(DEPENDENCIES.map((name, i) => [name, results[i]])) as Record<
    DependencyName,
    HealthEntry
  >;
  return {
    status: worst(results.map((r) => r.status)),
    totalDuration: formatDuration(performance.now() - started),
    entries,
  };
}

/** The report when the platform itself could not start (e.g. the database refused the migrations). */
export function unavailableReport(elapsedMs: number): HealthReport {
  const entry: HealthEntry = { status: "Unhealthy", duration: formatDuration(elapsedMs) };
  const entries = Object.fromEntries(DEPENDENCIES.map((name) => [name, entry])) as Record<DependencyName, HealthEntry>;
  return { status: "Unhealthy", totalDuration: formatDuration(elapsedMs), entries };
}

export function httpStatusOf(report: HealthReport): number {
  return report.status === "Unhealthy" ? 503 : 200;
}
