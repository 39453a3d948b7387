import type { Config } from "@/lib/config";
import { auditSubscription, welcomeOnEnrollment } from "@/lib/subscriptions/consumers";
import { createEventDispatcher, type EventDispatcher } from "./dispatcher";

/** Which consumers each integration event reaches, in order. */
export function eventDispatcher(config: Pick<Config, "CLUB_TIMEZONE">): EventDispatcher {
  return createEventDispatcher({
    MemberSubscribedEvent: [auditSubscription, welcomeOnEnrollment(config.CLUB_TIMEZONE)],
  });
}
