import { randomBytes } from "node:crypto";
import {
  type Attributes,
  type Context,
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  trace,
} from "@opentelemetry/api";
import { hrTime } from "@opentelemetry/core";
import { ATTR_ERROR_TYPE } from "@opentelemetry/semantic-conventions";
import { isRecording, registerTraceContext } from "./tracing";

/**
 * The one way the application opens spans (the adapters, lib/http, jobs). Attributes say what was done, never with
 * what: no statement parameters, cache keys, bodies or addresses of people (docs/operations.md, Traces).
 */

type Carrier = Headers | Readonly<Record<string, string | string[] | undefined>>;

export type SpanOptions = {
  kind?: "server" | "client" | "internal";
  attributes?: Attributes;
  /** Headers whose `traceparent` this span continues instead of the active span (a request's, the renderer's). */
  remoteParent?: Carrier;
};

/** What work may add to its span once it knows more (a status code, a row count). */
export type SpanHandle = { setAttributes(attributes: Attributes): void };

/** A span that does not wrap a callback (a query whose end is its promise settling). */
export type OpenSpan = { end(error?: unknown): void };

/** Whether spans are recorded at all, for an adapter that would otherwise describe a span per statement for nothing. */
export { isRecording } from "./tracing";

const KINDS = { server: SpanKind.SERVER, client: SpanKind.CLIENT, internal: SpanKind.INTERNAL } as const;

let cachedTracer: ReturnType<typeof trace.getTracer> | undefined;
function tracer() {
  registerTraceContext();
  // A proxy that reaches the provider startTracing registers, even when taken before it.
  cachedTracer ??= trace.getTracer("clubops");
  return cachedTracer;
}

/**
 * The time a span starts or ends, from the process's high-resolution clock when spans are recorded. Left to itself,
 * the SDK anchors each span's start to Date.now(), whole milliseconds, so a trace would show sub-millisecond
 * statements out of order and overlapping; taken from one clock, their starts and ends keep their true order.
 */
const spanTime = () => (isRecording() ? hrTime() : undefined);

function parentOf(options: SpanOptions): Context {
  if (!options.remoteParent) return context.active();
  const carrier =
    options.remoteParent instanceof Headers ? Object.fromEntries(options.remoteParent) : options.remoteParent;
  return propagation.extract(ROOT_CONTEXT, carrier);
}

function failed(span: Span, error: unknown): void {
  // The error's class only: a message may quote a value (a duplicate key) and spans leave the process.
  const type = error instanceof Error ? error.name : typeof error;
  span.setAttribute(ATTR_ERROR_TYPE, type);
  span.setStatus({ code: SpanStatusCode.ERROR, message: type });
}

/** Starts a span that the caller ends; it is a child of the active span but does not become active itself. */
export function openSpan(name: string, options: SpanOptions = {}): OpenSpan {
  const span = tracer().startSpan(name, {
    kind: KINDS[options.kind ?? "internal"],
    attributes: options.attributes,
    startTime: spanTime(),
  });
  return {
    end(error) {
      if (error !== undefined) failed(span, error);
      span.end(spanTime());
    },
  };
}

/**
 * Runs `work` inside a new span, child of the active span or of `remoteParent`, ended when the work settles (an
 * exception marks it failed and is rethrown). With no tracer provider (OTEL_SDK_DISABLED, unit tests) and no parent,
 * the span would have no ids: a random non-recording one stands in, so every request and job still has a trace id.
 */
export async function withSpan<T>(
  name: string,
  options: SpanOptions,
  work: (span: SpanHandle) => Promise<T> | T,
): Promise<T> {
  const spans = tracer(); // first: it registers the propagators parentOf reads with
  const parent = parentOf(options);
  const span = spans.startSpan(
    name,
    { kind: KINDS[options.kind ?? "internal"], attributes: options.attributes, startTime: spanTime() },
    parent,
  );
  const active = isSpanContextValid(span.spanContext())
    ? span
    : trace.wrapSpanContext({
        traceId: randomBytes(16).toString("hex"),
        spanId: randomBytes(8).toString("hex"),
        traceFlags: TraceFlags.NONE,
      });
  try {
    return await context.with(trace.setSpan(parent, active), () => work(span));
  } catch (error) {
    failed(span, error);
    throw error;
  } finally {
    span.end(spanTime());
  }
}

/** Adds the active span's `traceparent` (and baggage) to outgoing request headers, so the callee continues the trace. */
export function injectTraceHeaders(headers: Record<string, string>): Record<string, string> {
  registerTraceContext();
  propagation.inject(context.active(), headers);
  return headers;
}

/** The ids of the active span, when there is one (inside a request, a job or a span opened here). */
export function currentSpanIds(): { traceId: string; spanId: string } | undefined {
  const active = trace.getSpanContext(context.active());
  return active && isSpanContextValid(active) ? { traceId: active.traceId, spanId: active.spanId } : undefined;
}
