import type { Platform } from "@/lib/platform/container";
import { checkReadiness, type HealthReport, probesOf } from "./service";

/** Spec 4.1 and 8: GET /health is cached for 10 seconds. */
const AGGREGATE_CACHE_MS = 10_000;

type Cached = { report: Promise<HealthReport>; expiresAt: number };
let cached: Cached | undefined;

/**
 * The aggregated report, shared by every caller for 10 s. Kept in process memory,
 * not in the cache component, because the cache is one of the things it reports on.
 */
export function aggregatedHealth(platform: Platform, now: number = Date.now()): Promise<HealthReport> {
  if (!cached || cached.expiresAt <= now) {
    cached = { report: checkReadiness(probesOf(platform)), expiresAt: now + AGGREGATE_CACHE_MS };
  }
  return cached.report;
}
