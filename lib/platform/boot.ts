import { getConfig, multiInstanceWarnings } from "@/lib/config";
import { type Platform, platform } from "./container";
import { logger } from "./logger";
import { unsupportedNodeReason } from "./runtime";
import { startTracing } from "./telemetry/tracing";

const RETRY_MS = 5000;

/**
 * Server start-up (instrumentation.ts register(), Node.js runtime): an old Node.js or bad configuration fails
 * immediately, then tracing starts (lib/platform/telemetry/tracing.ts); a
 * dependency that is down does not: the server starts, reports 503 and retries.
 * `whenStarted` runs once the platform is up (instrumentation.ts passes the embedded job scheduler): the platform
 * layer starts what it is given and imports no domain module.
 */
export function bootServer(whenStarted: (started: Platform) => void = () => undefined): void {
  const unsupported = unsupportedNodeReason();
  if (unsupported) {
    // Whatever LOG_LEVEL says: the operator must see why the server did not start.
    console.error(unsupported);
    process.exit(1);
  }
  const config = getConfig(); // bad configuration throws here, before anything starts
  for (const warning of multiInstanceWarnings(config)) logger.warn(warning);
  // Before the first request: Next.js opens its request spans only once a tracer provider is registered.
  logger.info({ tracing: startTracing(config) }, "tracing started");
  const attempt = () => {
    platform().then(whenStarted, (error: unknown) => {
      logger.error({ err: error, retryInMs: RETRY_MS }, "platform failed to start; retrying");
      setTimeout(attempt, RETRY_MS).unref();
    });
  };
  attempt();
}
