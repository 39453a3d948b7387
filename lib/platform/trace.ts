import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";

/** W3C trace context of the work in progress (an HTTP request or a job run). */
export type TraceContext = { traceId: string };

const storage = new AsyncLocalStorage<TraceContext>();
const TRACEPARENT = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/;
const ALL_ZERO = /^0+$/;

/** Takes the trace id of an incoming `traceparent` header, or starts a new trace. */
export function traceIdFrom(traceparent: string | null | undefined): string {
  const match = traceparent?.trim().toLowerCase().match(TRACEPARENT);
  const incoming = match?.[1];
  return incoming && !ALL_ZERO.test(incoming) ? incoming : randomBytes(16).toString("hex");
}

export function runWithTrace<T>(context: TraceContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentTraceId(): string | undefined {
  return storage.getStore()?.traceId;
}
