import type { Config } from "@/lib/config";
import { createEventDispatcher, type EventDispatcher } from "@/lib/events/dispatcher";
import { auditSubscription, welcomeFirstSubscription } from "./consumers";

/** Which consumers each integration event reaches, in order. */
export function eventDispatcher(config: Pick<Config, "CLUB_TIMEZONE" | "CURRENCY">): EventDispatcher {
  return createEventDispatcher({
    MemberSubscribedEvent: [auditSubscription, welcomeFirstSubscription(config)],
  });
}
