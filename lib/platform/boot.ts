import { getConfig } from "@/lib/config";
import { startEmbeddedScheduler } from "@/lib/jobs/scheduler";
import { platform } from "./container";
import { logger } from "./logger";
import { unsupportedNodeReason } from "./runtime";

const RETRY_MS = 5000;

/**
 * Server start-up (instrumentation): an old Node.js or bad configuration fails immediately; a
 * dependency that is down does not: the server starts, reports 503 and retries.
 */
export function bootServer(): void {
  const unsupported = unsupportedNodeReason();
  if (unsupported) {
    // Whatever LOG_LEVEL says: the operator must see why the server did not start.
    console.error(unsupported);
    process.exit(1);
  }
  const config = getConfig();
  const attempt = () => {
    platform().then(
      (started) => {
        if (!config.inngestEnabled && config.EMBEDDED_SCHEDULER) startEmbeddedScheduler(started);
      },
      (error: unknown) => {
        logger.error({ err: error, retryInMs: RETRY_MS }, "platform failed to start; retrying");
        setTimeout(attempt, RETRY_MS).unref();
      },
    );
  };
  attempt();
}
