import { DependencyTimeoutError, DependencyUnavailableError, isNetworkFailure } from "../errors";

const ANALYTICS_COMPONENT = "analytics";

/** @clickhouse/client rejects with this bare message (no code) when `request_timeout` expires. */
const CLIENT_TIMEOUT_MESSAGE = "Timeout error.";

/** Turns outages into the platform's dependency errors; statement errors (bugs) pass through unchanged. */
export function toAnalyticsError(error: unknown, requestTimeoutMs: number): unknown {
  if (error instanceof Error && error.message === CLIENT_TIMEOUT_MESSAGE) {
    return new DependencyTimeoutError(ANALYTICS_COMPONENT, requestTimeoutMs);
  }
  return isNetworkFailure(error) ? new DependencyUnavailableError(ANALYTICS_COMPONENT, { cause: error }) : error;
}
