import type { Transaction } from "@/lib/platform/db";
import { toCents } from "@/lib/platform/money";
import { type ClubDefaults, readClubSettings } from "@/lib/settings/club-settings";
import { applyMemberCredit } from "./member-credit";
import { creditInvoice, lockLiveTermInvoice } from "./rectification";
import { queuedRenewalCreditText, unusedPartCreditText } from "./wording";

/** A term that ended before its end, as SubscriptionEndedEvent tells it. */
export type EndedTerm = {
  memberId: string;
  subscriptionId: string;
  reason: "canceled" | "plan_change";
  unusedCredit: string | null;
  queuedSubscriptionIds: readonly string[];
  actorId: string | null;
  occurredAt: string;
};

/**
 * Credits what an ended term's invoices charged for time the member will not have (docs/billing.md, Plan changes and
 * cancellations), in the transaction that ends it, with rectifying invoices of the invoices themselves:
 * - the term's live invoice, by its unused part (a plan change's proration credit, or a cancellation's when the club
 *   prorates), capped at what is left of it: an invoice already credited in full is not credited again;
 * - each renewal queued after it, ended before it started, in full.
 * Money the member had paid on them becomes their credit and goes to what they owe, the new term's invoice included
 * (member-credit.ts; the plan change's new invoice applies it once issued).
 */
export async function creditEndedTermInvoices(tx: Transaction, defaults: ClubDefaults, term: EndedTerm) {
  const club = await readClubSettings(tx, defaults);
  const change = { now: new Date(term.occurredAt), timeZone: club.timeZone, actorId: term.actorId };
  for (const queuedId of term.queuedSubscriptionIds) {
    const invoice = await lockLiveTermInvoice(tx, queuedId);
    if (!invoice) continue;
    const left = invoice.totalCents - invoice.creditedCents;
    if (left > 0n) await creditInvoice(tx, change, invoice, left, queuedRenewalCreditText(invoice.language));
  }
  const unused = toCents(term.unusedCredit ?? "0.00");
  if (unused > 0n) {
    const invoice = await lockLiveTermInvoice(tx, term.subscriptionId);
    const left = invoice ? invoice.totalCents - invoice.creditedCents : 0n;
    if (invoice && left > 0n) {
      const amount = unused < left ? unused : left;
      await creditInvoice(tx, change, invoice, amount, unusedPartCreditText(invoice.language, term.reason));
    }
  }
  await applyMemberCredit(tx, change, [term.memberId]);
}
