import { randomUUID } from "node:crypto";
import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter as OtlpJsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as OtlpProtobufExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  type SpanExporter,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { ATTR_SERVICE_INSTANCE_ID, ATTR_SERVICE_NAME } from "@opentelemetry/semantic-conventions";
import type { Config, TraceExport } from "@/lib/config";

/**
 * The process's tracing (docs/operations.md, Traces): a tracer provider, the W3C propagators and a context manager,
 * registered once per process. Spans are opened through ./spans.ts; Next.js opens its own request spans on the same
 * provider. No auto-instrumentation: each adapter opens its spans (docs/architecture.md).
 *
 * Without an exporter (or with OTEL_SDK_DISABLED) no provider is registered at all: with any provider, even one that
 * samples nothing, Next.js opens its own spans for every request, which cost 6-11 % of a request's throughput
 * (docs/performance.md, Tracing overhead). The context manager and propagators are still registered, so a caller's
 * `traceparent` is continued by the API's non-recording spans, and ./spans.ts gives a request without one a random
 * trace id: problem details, logs and audit rows always have one.
 */

type TracingConfig = Pick<
  Config,
  | "OTEL_SDK_DISABLED"
  | "OTEL_SERVICE_NAME"
  | "OTEL_TRACES_SAMPLER"
  | "OTEL_TRACES_SAMPLER_ARG"
  | "OTEL_BSP_SCHEDULE_DELAY"
  | "OTEL_BSP_MAX_EXPORT_BATCH_SIZE"
  | "OTEL_BSP_MAX_QUEUE_SIZE"
  | "traceExport"
>;

type TracingOptions = {
  /** OTEL_SERVICE_NAME unless given (the email renderer is `clubops-email-renderer`). */
  serviceName?: string;
  /** Replaces the configured exporter (tests pass an InMemorySpanExporter). */
  exporter?: SpanExporter;
};

/** What was chosen, for the start-up log line and the tests. */
export type TracingSetup = { provider: "none" | "sdk"; exporter: string; sampler: string };

/** Waiting longer for the collector would hold up a shutdown; the spans of a dead collector are lost anyway. */
const FLUSH_LIMIT_MS = 2000;

/** scripts/server.mjs runs these hooks on SIGTERM/SIGINT before exiting (process.exit skips `beforeExit`). */
const SHUTDOWN_HOOKS = Symbol.for("clubops.shutdown");

type TracingState = { setup: TracingSetup; provider?: TracerProvider };
// One per process: Next.js may load this module in several bundles (instrumentation, routes).
const holder = globalThis as typeof globalThis & {
  __clubopsTracing?: TracingState;
  __clubopsTraceContext?: true;
  [SHUTDOWN_HOOKS]?: Set<() => Promise<void>>;
};

/**
 * The context manager and the W3C propagators, without which no span has a parent and no `traceparent` is read.
 * Registered by startTracing, and on first use by ./spans.ts, since tests call route handlers without a server start.
 */
export function registerTraceContext(): void {
  if (holder.__clubopsTraceContext) return;
  holder.__clubopsTraceContext = true;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
}

/**
 * Next.js records each request's URL as `http.target`, query string included, and a member search would put a name in
 * the trace: the query string is cut off as the span starts (Next.js sets the attribute when it opens the span).
 */
export const withoutQueryStrings: SpanProcessor = {
  onStart(span) {
    const target = span.attributes["http.target"];
    if (typeof target === "string" && target.includes("?"))
      span.setAttribute("http.target", target.split("?")[0] ?? "");
  },
  onEnd() {},
  forceFlush: async () => {},
  shutdown: async () => {},
};

function exporterFor(target: TraceExport): SpanExporter {
  return target.protocol === "http/json"
    ? new OtlpJsonExporter({ url: target.url })
    : new OtlpProtobufExporter({ url: target.url });
}

/** OTEL_TRACES_SAMPLER as the specification names them (sdk-trace 2.x reads no environment variable itself). */
function samplerFor(config: TracingConfig): Sampler {
  const ratio = () => new TraceIdRatioBasedSampler(config.OTEL_TRACES_SAMPLER_ARG);
  switch (config.OTEL_TRACES_SAMPLER) {
    case "always_on":
      return new AlwaysOnSampler();
    case "always_off":
      return new AlwaysOffSampler();
    case "traceidratio":
      return ratio();
    case "parentbased_always_off":
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case "parentbased_traceidratio":
      return new ParentBasedSampler({ root: ratio() });
    case "parentbased_always_on":
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/** What the configuration selects: the exporter and the sampler that goes with it, or no provider at all. */
export function planTracing(
  config: TracingConfig,
  options: TracingOptions = {},
): { setup: TracingSetup; exporting?: { exporter: SpanExporter; sampler: Sampler } } {
  const exporter = config.OTEL_SDK_DISABLED
    ? undefined
    : (options.exporter ?? (config.traceExport && exporterFor(config.traceExport)));
  if (!exporter) return { setup: { provider: "none", exporter: "none", sampler: "none" } };
  const sampler = samplerFor(config);
  const described = options.exporter ? "custom" : (config.traceExport?.protocol ?? "none");
  return {
    setup: { provider: "sdk", exporter: described, sampler: sampler.toString() },
    exporting: { exporter, sampler },
  };
}

/** Starts tracing for this process once; later calls return what the first chose. */
export function startTracing(config: TracingConfig, options: TracingOptions = {}): TracingSetup {
  if (holder.__clubopsTracing) return holder.__clubopsTracing.setup;
  registerTraceContext();
  const { setup, exporting } = planTracing(config, options);
  if (!exporting) {
    holder.__clubopsTracing = { setup };
    return setup;
  }
  const { exporter, sampler } = exporting;
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: options.serviceName ?? config.OTEL_SERVICE_NAME,
      [ATTR_SERVICE_INSTANCE_ID]: randomUUID(),
    }),
    sampler,
    spanProcessors: [
      withoutQueryStrings,
      new BatchSpanProcessor({
        exporter,
        scheduledDelayMillis: config.OTEL_BSP_SCHEDULE_DELAY,
        maxExportBatchSize: config.OTEL_BSP_MAX_EXPORT_BATCH_SIZE,
        maxQueueSize: config.OTEL_BSP_MAX_QUEUE_SIZE,
      }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  holder.__clubopsTracing = { setup, provider };
  holder[SHUTDOWN_HOOKS] ??= new Set();
  holder[SHUTDOWN_HOOKS].add(flushTracing);
  return setup;
}

/** Whether spans are recorded: a provider with an exporter is registered. */
export function isRecording(): boolean {
  return holder.__clubopsTracing?.provider !== undefined;
}

/** Exports the spans still waiting in the batch, giving up after FLUSH_LIMIT_MS. */
export async function flushTracing(): Promise<void> {
  const provider = holder.__clubopsTracing?.provider;
  if (!provider) return;
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FLUSH_LIMIT_MS);
    timer.unref();
  });
  await Promise.race([provider.forceFlush().catch(() => undefined), limit]);
  clearTimeout(timer);
}
