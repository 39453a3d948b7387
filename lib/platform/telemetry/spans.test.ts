import { hrTimeToNanoseconds } from "@opentelemetry/core";
import { InMemorySpanExporter } from "@opentelemetry/sdk-trace";
import { describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config";
import { openSpan, withSpan } from "./spans";
import { flushTracing, startTracing } from "./tracing";

const exporter = new InMemorySpanExporter();
startTracing(loadConfig({}), { exporter });

describe("recorded spans", () => {
  it("keep the true order of sub-millisecond work: each span starts after the one before it ended", async () => {
    await withSpan("request", {}, async () => {
      for (let index = 0; index < 50; index += 1) openSpan(`statement ${index}`).end();
    });
    await flushTracing();
    const statements = exporter
      .getFinishedSpans()
      .filter((span) => span.name.startsWith("statement"))
      .map((span) => ({ start: hrTimeToNanoseconds(span.startTime), end: hrTimeToNanoseconds(span.endTime) }));
    expect(statements).toHaveLength(50);
    for (const [before, after] of statements.slice(1).map((span, index) => [statements[index], span]))
      expect(after?.start).toBeGreaterThanOrEqual(before?.end ?? Number.POSITIVE_INFINITY);
    // Sub-millisecond spans: whole milliseconds (the SDK's own start times) would put most at one instant.
    expect(new Set(statements.map((span) => span.start)).size).toBeGreaterThan(25);
  });
});
