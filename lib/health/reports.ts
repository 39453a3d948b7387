import { type Platform, platform } from "@/lib/platform/container";
import { aggregatedHealth } from "./aggregate";
import { checkReadiness, type HealthReport, httpStatusOf, probesOf, unavailableReport } from "./service";

/** Runs `check` on the platform; a platform that cannot start is reported Unhealthy, not thrown. */
async function reportOnPlatform(check: (platform: Platform) => Promise<HealthReport>): Promise<HealthReport> {
  const started = performance.now();
  return platform().then(check, () => unavailableReport(performance.now() - started));
}

export const readinessReport = () => reportOnPlatform((running) => checkReadiness(probesOf(running)));
export const aggregatedReport = () => reportOnPlatform((running) => aggregatedHealth(running));

/** 200 for Healthy and Degraded, 503 for Unhealthy; never cached by clients. */
export function healthResponse(report: HealthReport): Response {
  return Response.json(report, { status: httpStatusOf(report), headers: { "cache-control": "no-store" } });
}
