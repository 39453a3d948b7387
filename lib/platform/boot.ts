import { getConfig } from "@/lib/config";
import { startEmbeddedScheduler } from "@/lib/jobs/scheduler";
import { platform } from "./container";
import { logger } from "./logger";

const RETRY_MS = 5000;

/**
 * Server start-up (instrumentation): bad configuration fails immediately; a
 * dependency that is down does not: the server starts, reports 503 and retries.
 */
export function bootServer(): void {
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
