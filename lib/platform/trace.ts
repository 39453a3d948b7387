import { currentSpanIds } from "./telemetry/spans";

/**
 * The OpenTelemetry trace id of the work in progress (an HTTP request, a job run): the id an operator finds the trace
 * by, in problem details (`traceId`), the `X-Trace-Id` header, log lines and audit rows alike.
 */
export function currentTraceId(): string | undefined {
  return currentSpanIds()?.traceId;
}
