import type { Transaction } from "@/lib/platform/db";

/** Integration events and their payloads (spec 6). Add an event here, then its consumers in the registry. */
type IntegrationEvents = {
  MemberSubscribedEvent: {
    memberId: string;
    subscriptionId: string;
    planId: string;
    billingPeriod: "monthly" | "quarterly" | "annual";
    startedAt: string;
    endsAt: string;
    price: string;
    /** A plan change's credit for the unused part of the replaced term (decimal string); else null. */
    prorationCredit: string | null;
    currency: string;
    /** How the subscription came about. */
    source: "enrollment" | "direct" | "plan_change" | "renewal";
    actorId: string | null;
    /** When the change happened (the service's clock), as the invoice's issue instant. */
    occurredAt: string;
  };
  /** A term ended before its end: canceled, or replaced by a plan change (beside spec 6; billing credits it). */
  SubscriptionEndedEvent: {
    memberId: string;
    subscriptionId: string;
    reason: "canceled" | "plan_change";
    /** The unused part of the term to credit (decimal string): a plan change's proration credit, or a cancellation's
     * when the club prorates; null when nothing is credited for it. */
    unusedCredit: string | null;
    /** Renewals queued after it, ended with it before they started. */
    queuedSubscriptionIds: string[];
    actorId: string | null;
    occurredAt: string;
  };
};

type EventName = keyof IntegrationEvents;
export type EventConsumer<E extends EventName> = (tx: Transaction, payload: IntegrationEvents[E]) => Promise<void>;
export type ConsumerRegistry = { [E in EventName]: readonly EventConsumer<E>[] };

export type EventDispatcher = {
  /**
   * Runs every consumer of `event` synchronously inside the saving transaction (spec 6): they see the
   * change, write with it, and a consumer that throws rolls the whole save back.
   */
  dispatch<E extends EventName>(tx: Transaction, event: E, payload: IntegrationEvents[E]): Promise<void>;
};

export function createEventDispatcher(registry: ConsumerRegistry): EventDispatcher {
  return {
    async dispatch(tx, event, payload) {
      for (const consume of registry[event]) await consume(tx, payload);
    },
  };
}
