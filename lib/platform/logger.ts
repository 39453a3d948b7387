import pino from "pino";
import { getConfig } from "@/lib/config";
import { currentTraceId } from "./trace";

/** Structured JSON logs; every line written inside a request or job carries its traceId. */
export const logger = pino({
  level: getConfig().LOG_LEVEL,
  base: { service: "clubops" },
  timestamp: pino.stdTimeFunctions.isoTime,
  mixin() {
    const traceId = currentTraceId();
    return traceId ? { traceId } : {};
  },
});
