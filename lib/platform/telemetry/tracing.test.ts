import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config";
import { planTracing, withoutQueryStrings } from "./tracing";

const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };

describe("planTracing", () => {
  it("registers no provider when no endpoint is set, so Next.js opens no span and nothing is recorded", () => {
    expect(planTracing(loadConfig({}))).toEqual({ setup: { provider: "none", exporter: "none", sampler: "none" } });
  });

  it("exports over the configured protocol with the configured sampler", () => {
    const proto = planTracing(loadConfig(endpoint));
    expect(proto.exporting?.exporter.constructor.name).toBe("OTLPTraceExporter");
    expect(proto.setup).toMatchObject({ exporter: "http/protobuf" });
    expect(proto.setup.sampler).toMatch(/^ParentBased\{root=AlwaysOnSampler/);

    const json = planTracing(
      loadConfig({
        ...endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_TRACES_SAMPLER: "traceidratio",
        OTEL_TRACES_SAMPLER_ARG: "0.25",
      }),
    );
    expect(json.setup).toEqual({ provider: "sdk", exporter: "http/json", sampler: "TraceIdRatioBased{0.25}" });
    // Two different exporter classes sit behind the two protocols.
    expect(Object.getPrototypeOf(json.exporting?.exporter)).not.toBe(Object.getPrototypeOf(proto.exporting?.exporter));
  });

  it("registers no provider with OTEL_TRACES_EXPORTER=none or OTEL_SDK_DISABLED, even with an endpoint", () => {
    const none = { setup: { provider: "none", exporter: "none", sampler: "none" } };
    expect(planTracing(loadConfig({ ...endpoint, OTEL_TRACES_EXPORTER: "none" }))).toEqual(none);
    expect(planTracing(loadConfig({ ...endpoint, OTEL_SDK_DISABLED: "1" }))).toEqual(none);
  });

  it("takes a test's exporter in place of the configured one", () => {
    const exporter = new InMemorySpanExporter();
    const plan = planTracing(loadConfig({}), { exporter });
    expect(plan.exporting?.exporter).toBe(exporter);
    expect(plan.setup).toMatchObject({ exporter: "custom", sampler: expect.stringMatching(/^ParentBased/) });
  });
});

describe("withoutQueryStrings", () => {
  it("cuts the query string off the request URL Next.js records, so no search term leaves the process", () => {
    const exporter = new InMemorySpanExporter();
    const provider = new TracerProvider({
      spanProcessors: [withoutQueryStrings, new SimpleSpanProcessor({ exporter })],
    });
    const tracer = provider.getTracer("test");
    tracer.startSpan("GET", { attributes: { "http.target": "/api/members?search=Marta%20Ruiz" } }).end();
    tracer.startSpan("GET", { attributes: { "http.target": "/api/members" } }).end();
    expect(exporter.getFinishedSpans().map((span) => span.attributes["http.target"])).toEqual([
      "/api/members",
      "/api/members",
    ]);
  });
});
