import { createEventDispatcher, type EventDispatcher } from "@/lib/events/dispatcher";
import type { ClubLocale } from "@/lib/settings/club-settings";
import { auditSubscription, welcomeOnEnrollment } from "./consumers";

/** Which consumers each integration event reaches, in order. */
export function eventDispatcher(club: Pick<ClubLocale, "timeZone">): EventDispatcher {
  return createEventDispatcher({
    MemberSubscribedEvent: [auditSubscription, welcomeOnEnrollment(club.timeZone)],
  });
}
