import { creditEndedTerm, invoiceSubscribedTerm } from "@/lib/billing/consumers";
import { createEventDispatcher, type EventDispatcher } from "@/lib/events/dispatcher";
import type { LetterConfig } from "@/lib/mail/recipient-language";
import { auditSubscription, welcomeFirstSubscription } from "./consumers";

/** Which consumers each integration event reaches, in order. */
export function eventDispatcher(config: LetterConfig): EventDispatcher {
  return createEventDispatcher({
    MemberSubscribedEvent: [auditSubscription, welcomeFirstSubscription(config), invoiceSubscribedTerm(config)],
    SubscriptionEndedEvent: [creditEndedTerm(config)],
  });
}
