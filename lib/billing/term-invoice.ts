import { eq } from "drizzle-orm";
import { recipientLanguage } from "@/lib/mail/recipient-language";
import { localDate } from "@/lib/platform/calendar";
import type { Transaction } from "@/lib/platform/db";
import { plans, subscriptions } from "@/lib/platform/db/schema";
import { toCents } from "@/lib/platform/money";
import { type ClubDefaults, readClubSettings } from "@/lib/settings/club-settings";
import { dueDatesFor } from "./collections/collection-date";
import { type IssuedInvoice, issueInvoices } from "./issue";
import { applyMemberCredit } from "./member-credit";
import { customerOf, readBillingSettings } from "./parties";
import { termLineText } from "./wording";

/** A term that has just started, as MemberSubscribedEvent tells it. */
export type StartedTerm = {
  memberId: string;
  subscriptionId: string;
  billingPeriod: "monthly" | "quarterly" | "annual";
  startedAt: string;
  endsAt: string;
  price: string;
  prorationCredit: string | null;
  currency: string;
  occurredAt: string;
  actorId: string | null;
};

/**
 * The last club calendar day a term covers: the day before its end's date (a term from 10 March to 10 April covers 10
 * March to 9 April, the days proration counts); the renewal job's invoices use it too.
 */
export function lastDayBefore(end: Date, timeZone: string): string {
  const day = new Date(`${localDate(end, timeZone)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** The later of two calendar dates (YYYY-MM-DD compare as text). */
export const laterDate = (a: string, b: string) => (a > b ? a : b);

/** A plan's IVA: its own rate, or the club's default; exempt plans carry their legal reason. */
export const planTaxOf = (
  plan: { taxRateBasisPoints: number | null; exemptReason: string | null },
  fallback: number,
) => ({
  taxRateBasisPoints: plan.taxRateBasisPoints ?? fallback,
  exemptReason: plan.exemptReason,
});

/**
 * Invoices a term that costs money at its price, in the transaction that started it, then settles it with any credit
 * the member has (a plan change's credit of the replaced term, issued just before as a rectifying invoice of that
 * term's invoice: lib/billing/ended-term-credit.ts). Nothing is issued while the club's tax data is incomplete
 * (billing has not started).
 */
export async function invoiceStartedTerm(
  executor: Transaction,
  defaults: ClubDefaults,
  term: StartedTerm,
): Promise<IssuedInvoice | null> {
  if (toCents(term.price) <= 0n) return null;
  const billing = await readBillingSettings(executor);
  if (!billing.issuer) return null;
  const club = await readClubSettings(executor, defaults);
  const [plan] = await executor
    .select({
      id: plans.id,
      name: plans.name,
      taxRateBasisPoints: plans.taxRateBasisPoints,
      exemptReason: plans.exemptReason,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.id, term.subscriptionId));
  if (!plan) throw new Error(`subscription ${term.subscriptionId} not found while invoicing`);
  const { customer, language: memberLanguage } = await customerOf(executor, term.memberId);
  const language = recipientLanguage({ preferred: memberLanguage, clubDefault: club.language });
  const issuedAt = new Date(term.occurredAt);
  const startedAt = new Date(term.startedAt);
  const change = { now: issuedAt, timeZone: club.timeZone, actorId: term.actorId };
  const dueOn = await dueDatesFor(executor, [term.memberId], localDate(issuedAt, club.timeZone));
  const [issued] = await issueInvoices(
    executor,
    { kind: "invoice", issuedAt, timeZone: club.timeZone, actorId: term.actorId },
    [
      {
        memberId: term.memberId,
        subscriptionId: term.subscriptionId,
        rectifies: null,
        language,
        currency: term.currency,
        issuer: billing.issuer,
        customer,
        // Due when the term starts (at once, or on a renewal's first day), or, for a debited member, on the first collection
        // day after both that and the pre-notification period.
        dueOn: dueOn(term.memberId, laterDate(localDate(issuedAt, club.timeZone), localDate(startedAt, club.timeZone))),
        lines: [
          {
            description: termLineText(language, plan.name, term.billingPeriod),
            planId: plan.id,
            serviceFrom: localDate(startedAt, club.timeZone),
            serviceTo: lastDayBefore(new Date(term.endsAt), club.timeZone),
            totalCents: toCents(term.price),
            ...planTaxOf(plan, billing.defaultTaxRateBasisPoints),
          },
        ],
      },
    ],
  );
  await applyMemberCredit(executor, change, [term.memberId]);
  return issued ?? null;
}
