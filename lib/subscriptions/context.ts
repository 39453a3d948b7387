import type { Config } from "@/lib/config";
import type { EventDispatcher } from "@/lib/events/dispatcher";
import { platform } from "@/lib/platform/container";
import type { Database } from "@/lib/platform/db";
import { eventDispatcher } from "./event-registry";

/** What the subscription services need; routes and jobs build it, tests build their own. */
export type SubscriptionContext = {
  db: Database;
  config: Pick<Config, "CLUB_TIMEZONE" | "CURRENCY" | "PRORATION_ENABLED">;
  /** Who acts, for the audit trail; null for the system (jobs). */
  actorId: string | null;
  events: EventDispatcher;
  now: () => Date;
};

export async function subscriptionContext(actorId: string | null): Promise<SubscriptionContext> {
  const running = await platform();
  return {
    db: running.database.db,
    config: running.config,
    actorId,
    events: eventDispatcher(running.config),
    now: () => new Date(),
  };
}
