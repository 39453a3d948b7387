import { DependencyTimeoutError, DependencyUnavailableError } from "../errors";

export const ANALYTICS_COMPONENT = "analytics";

/** Socket-level failures: the server is down or unreachable, not a bug in the statement. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "ETIMEDOUT",
]);
/** @clickhouse/client rejects with this bare message (no code) when `request_timeout` expires. */
const CLIENT_TIMEOUT_MESSAGE = "Timeout error.";

function codeOf(error: unknown): unknown {
  return typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
}

/** Turns outages into the platform's dependency errors; statement errors (bugs) pass through unchanged. */
export function toAnalyticsError(error: unknown, requestTimeoutMs: number): unknown {
  if (error instanceof Error && error.message === CLIENT_TIMEOUT_MESSAGE) {
    return new DependencyTimeoutError(ANALYTICS_COMPONENT, requestTimeoutMs);
  }
  const code = codeOf(error);
  if (typeof code === "string" && UNREACHABLE_CODES.has(code)) {
    return new DependencyUnavailableError(ANALYTICS_COMPONENT, { cause: error });
  }
  return error;
}
