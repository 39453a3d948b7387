import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { logger } from "./logger";
import { withSpan } from "./telemetry/spans";

const lines: string[] = [];
// The logger's destination (this test file's own module instance) swapped for an array: the lines a shipper reads.
(logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = { write: (line: string) => lines.push(line) };
logger.level = "info";
afterEach(() => {
  lines.length = 0;
});

const written = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe("logger", () => {
  it("stamps a line written inside a request or job with its OpenTelemetry trace and span ids", async () => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    await withSpan("job test", { remoteParent: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } }, () =>
      logger.info("inside"),
    );
    logger.info("outside");
    const [inside, outside] = written();
    expect(inside).toMatchObject({ msg: "inside", traceId, spanId: expect.stringMatching(/^[\da-f]{16}$/) });
    expect(outside).not.toHaveProperty("traceId");
    expect(outside).not.toHaveProperty("spanId");
  });
});
