import type { EventConsumer } from "@/lib/events/dispatcher";
import type { ClubDefaults } from "@/lib/settings/club-settings";
import { creditEndedTermInvoices } from "./ended-term-credit";
import { invoiceStartedTerm } from "./term-invoice";

/**
 * Every term that costs money is invoiced in the transaction that starts it, whatever started it (enrolment, direct
 * subscription, manual renewal, plan change): an invoice exists exactly when its term does. The renewal job invoices
 * its terms itself, set-based (lib/subscriptions/jobs.ts).
 */
export function invoiceSubscribedTerm(defaults: ClubDefaults): EventConsumer<"MemberSubscribedEvent"> {
  return async (tx, event) => {
    await invoiceStartedTerm(tx, defaults, event);
  };
}

/** A term ended early (canceled, or replaced by a plan change): its invoice and its queued renewals' are credited. */
export function creditEndedTerm(defaults: ClubDefaults): EventConsumer<"SubscriptionEndedEvent"> {
  return async (tx, event) => {
    await creditEndedTermInvoices(tx, defaults, event);
  };
}
