import type { Platform } from "@/lib/platform/container";
import { withTimeout } from "@/lib/platform/errors";

type HealthStatus = "Healthy" | "Degraded" | "Unhealthy";
type HealthEntry = { status: HealthStatus; duration: string };
export type HealthReport<Name extends DependencyName = DependencyName> = {
  status: HealthStatus;
  totalDuration: string;
  entries: Record<Name, HealthEntry>;
};

/** Spec 4.1: each readiness check gets 3 seconds. */
export const CHECK_TIMEOUT_MS = 3000;
/** A dependency that answers, but slower than this, is Degraded rather than Healthy. */
export const DEGRADED_AFTER_MS = 1000;

/** The spec's entry keys, in report order. */
export const DEPENDENCIES = ["database", "cache", "storage", "analytics", "email-renderer"] as const;
type DependencyName = (typeof DEPENDENCIES)[number];
export type Probes = Record<DependencyName, () => Promise<void>>;

/**
 * What an instance cannot answer without: its pool of the database. The other dependencies are shared by every
 * instance, and the service works around their absence (rate limits fail open and sessions are checked in the
 * database, files answer 503, audit entries and mail wait in their outboxes): one of them down makes a report
 * Degraded, not Unhealthy, so a balancer never takes every instance out for it (docs/operations.md, The balancer).
 */
const ESSENTIAL: ReadonlySet<DependencyName> = new Set(["database"]);

/** The instance's own readiness (GET /health/instance): only what is essential, so only what this instance holds. */
export const INSTANCE_DEPENDENCIES = ["database"] as const satisfies readonly DependencyName[];

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

/** The report's status: its worst entry, where a dependency that is not essential counts as Degraded at worst. */
function overallStatus(entries: [DependencyName, HealthEntry][]): HealthStatus {
  return worst(
    entries.map(([name, entry]) => (entry.status === "Unhealthy" && !ESSENTIAL.has(name) ? "Degraded" : entry.status)),
  );
}

/** Checks the dependencies `names` (all of them unless given) in parallel; one that hangs costs at most CHECK_TIMEOUT_MS. */
export async function checkReadiness<Name extends DependencyName = DependencyName>(
  probes: Pick<Probes, Name>,
  names: readonly Name[] = DEPENDENCIES as readonly DependencyName[] as readonly Name[],
): Promise<HealthReport<Name>> {
  const started = performance.now();
  const results = await Promise.all(names.map((name) => checkOne(probes[name])));
  const entries = names.map((name, i) => [name, results[i] as HealthEntry] as [Name, HealthEntry]);
  return {
    status: overallStatus(entries),
    totalDuration: formatDuration(performance.now() - started),
    entries: Object.fromEntries(entries) as Record<Name, HealthEntry>,
  };
}

/** The report when the platform itself could not start (e.g. the database refused the migrations). */
export function unavailableReport<Name extends DependencyName>(
  elapsedMs: number,
  names: readonly Name[],
): HealthReport<Name> {
  const entry: HealthEntry = { status: "Unhealthy", duration: formatDuration(elapsedMs) };
  const entries = Object.fromEntries(names.map((name) => [name, entry])) as Record<Name, HealthEntry>;
  return { status: "Unhealthy", totalDuration: formatDuration(elapsedMs), entries };
}

export function httpStatusOf(report: Pick<HealthReport, "status">): number {
  return report.status === "Unhealthy" ? 503 : 200;
}
