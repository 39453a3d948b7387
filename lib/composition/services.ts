import { authKeys } from "@/lib/platform/auth-keys";
import { platform } from "@/lib/platform/container";
import type { Actor, ServiceContext } from "@/lib/services/context";
import { clubSettings } from "@/lib/settings/club-settings";
import { eventDispatcher } from "@/lib/subscriptions/event-registry";

/**
 * The one way to reach services: the running platform's components, the club's settings, the keys, the integration events'
 * consumers and the clock, for `actor` (null for the system and anonymous callers). Apart from lib/services so that the type stays
 * below the modules that wire into it (the event registry).
 */
export async function serviceContext(actor: Actor | null): Promise<ServiceContext> {
  const { database, cache, storage, analytics, renderer, config } = await platform();
  const club = await clubSettings(database.db, config);
  return {
    db: database.db,
    cache,
    storage,
    analytics,
    renderer,
    config,
    club,
    keys: await authKeys(config),
    actor,
    events: eventDispatcher(config),
    now: () => new Date(),
  };
}
