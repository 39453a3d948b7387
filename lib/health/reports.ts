import { type Platform, platform } from "@/lib/platform/container";
import { aggregatedHealth } from "./aggregate";
import {
  checkReadiness,
  DEPENDENCIES,
  type HealthReport,
  httpStatusOf,
  INSTANCE_DEPENDENCIES,
  probesOf,
  unavailableReport,
} from "./service";

type DependencyName = (typeof DEPENDENCIES)[number];

/** Runs `check` on the platform; a platform that cannot start is reported Unhealthy on `names`, not thrown. */
async function reportOnPlatform<Name extends DependencyName>(
  names: readonly Name[],
  check: (platform: Platform) => Promise<HealthReport<Name>>,
): Promise<HealthReport<Name>> {
  const started = performance.now();
  return platform().then(check, () => unavailableReport(performance.now() - started, names));
}

export const readinessReport = () => reportOnPlatform(DEPENDENCIES, (running) => checkReadiness(probesOf(running)));
export const aggregatedReport = () => reportOnPlatform(DEPENDENCIES, (running) => aggregatedHealth(running));
export const instanceReport = () =>
  reportOnPlatform(INSTANCE_DEPENDENCIES, (running) => checkReadiness(probesOf(running), INSTANCE_DEPENDENCIES));

/** 200 for Healthy and Degraded, 503 for Unhealthy; never cached by clients. */
export function healthResponse<Name extends DependencyName>(report: HealthReport<Name>): Response {
  return Response.json(report, { status: httpStatusOf(report), headers: { "cache-control": "no-store" } });
}
