import pino from "pino";
import { getConfig } from "@/lib/config";
import { currentSpanIds } from "./telemetry/spans";

/** Structured JSON logs; every line written inside a request or job carries its traceId and spanId (OpenTelemetry's). */
export const logger = pino({
  level: getConfig().LOG_LEVEL,
  base: { service: "clubops" },
  timestamp: pino.stdTimeFunctions.isoTime,
  mixin() {
    return currentSpanIds() ?? {};
  },
});
