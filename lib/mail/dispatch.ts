import { type Platform, platform } from "@/lib/platform/container";
import type { Executor } from "@/lib/platform/db";
import { afterCommit } from "@/lib/platform/db/transaction";
import { logger } from "@/lib/platform/logger";
import { deliverPendingMail } from "./delivery";

type BackgroundDelivery = { running: boolean; again: boolean };

// One state per process: Next.js may load this module in several bundles (instrumentation, routes).
const holder = globalThis as typeof globalThis & { __clubopsMailDelivery?: BackgroundDelivery };
holder.__clubopsMailDelivery ??= { running: false, again: false };
const delivery = holder.__clubopsMailDelivery;

/**
 * Starts sending due mail in the background, for a request that has just committed mail, so it goes out within
 * seconds instead of at the next deliver-mail job. Never throws: a failure is logged and the job retries the mail.
 * At most one run per process is in flight; a call during a run asks for one more run after it, which picks up
 * mail committed after the current run claimed its batch.
 */
export function deliverMailSoon(platform: Platform): void {
  if (delivery.running) {
    delivery.again = true;
    return;
  }
  delivery.running = true;
  void deliverUntilNoneRequested(platform);
}

/**
 * Delivery soon, once the transaction of `executor` has committed the mail it made due (queued or put back), so no
 * service or route has to remember to ask for it afterwards.
 */
export function deliverMailAfterCommit(executor: Executor): void {
  afterCommit(executor, () => void platform().then(deliverMailSoon));
}

async function deliverUntilNoneRequested(platform: Platform): Promise<void> {
  try {
    do {
      delivery.again = false;
      await deliverPendingMail(platform).catch((error: unknown) => {
        logger.error({ err: error }, "background mail delivery failed; the deliver-mail job retries it");
      });
    } while (delivery.again);
  } finally {
    delivery.running = false;
  }
}
