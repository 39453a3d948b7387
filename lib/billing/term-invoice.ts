import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { recipientLanguage } from "@/lib/mail/recipient-language";
import { localDate } from "@/lib/platform/calendar";
import type { Executor } from "@/lib/platform/db";
import { plans, subscriptions } from "@/lib/platform/db/schema";
import { toCents } from "@/lib/platform/money";
import { type ClubDefaults, readClubSettings } from "@/lib/settings/club-settings";
import { type IssuedInvoice, issueInvoices, type LineDraft } from "./issue";
import { customerOf, readBillingSettings } from "./parties";
import { prorationCreditText, termLineText } from "./wording";

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
 * March to 9 April, the days proration counts). The renewal job's SQL twin is `(ends_at at time zone zone)::date - 1`.
 */
export function lastDayBefore(end: Date, timeZone: string): string {
  const day = new Date(`${localDate(end, timeZone)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** A plan's IVA: its own rate, or the club's default; exempt plans carry their legal reason. */
export const planTaxOf = (
  plan: { taxRateBasisPoints: number | null; exemptReason: string | null },
  fallback: number,
) => ({
  taxRateBasisPoints: plan.taxRateBasisPoints ?? fallback,
  exemptReason: plan.exemptReason,
});

/**
 * Invoices a term that costs money, in the transaction that started it: one line for the term's price and, on a plan
 * change, a negative line for the proration credit at the replaced plan's rate, so the total is the amount due. Nothing
 * is issued while the club's tax data is incomplete (billing has not started) or when nothing is due.
 */
export async function invoiceStartedTerm(
  executor: Executor,
  defaults: ClubDefaults,
  term: StartedTerm,
): Promise<IssuedInvoice | null> {
  const due = toCents(term.price) - toCents(term.prorationCredit ?? "0.00");
  if (due <= 0n) return null;
  const billing = await readBillingSettings(executor);
  if (!billing.issuer) return null;
  const club = await readClubSettings(executor, defaults);
  const previous = alias(subscriptions, "previous");
  const previousPlan = alias(plans, "previous_plan");
  const [row] = await executor
    .select({
      plan: {
        id: plans.id,
        name: plans.name,
        taxRateBasisPoints: plans.taxRateBasisPoints,
        exemptReason: plans.exemptReason,
      },
      previous: {
        endsAt: previous.endsAt,
        planName: previousPlan.name,
        taxRateBasisPoints: previousPlan.taxRateBasisPoints,
        exemptReason: previousPlan.exemptReason,
      },
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(previous, eq(previous.id, subscriptions.previousSubscriptionId))
    .leftJoin(previousPlan, eq(previousPlan.id, previous.planId))
    .where(eq(subscriptions.id, term.subscriptionId));
  if (!row) throw new Error(`subscription ${term.subscriptionId} not found while invoicing`);
  const { customer, language: memberLanguage } = await customerOf(executor, term.memberId);
  const language = recipientLanguage({ preferred: memberLanguage, clubDefault: club.language });
  const issuedAt = new Date(term.occurredAt);
  const startedAt = new Date(term.startedAt);
  const lines: LineDraft[] = [
    {
      description: termLineText(language, row.plan.name, term.billingPeriod),
      planId: row.plan.id,
      serviceFrom: localDate(startedAt, club.timeZone),
      serviceTo: lastDayBefore(new Date(term.endsAt), club.timeZone),
      totalCents: toCents(term.price),
      ...planTaxOf(row.plan, billing.defaultTaxRateBasisPoints),
    },
  ];
  const credit = toCents(term.prorationCredit ?? "0.00");
  if (credit > 0n && row.previous?.endsAt && row.previous.planName) {
    lines.push({
      description: prorationCreditText(language, row.previous.planName),
      planId: null,
      serviceFrom: localDate(startedAt, club.timeZone),
      serviceTo: lastDayBefore(row.previous.endsAt, club.timeZone),
      totalCents: -credit,
      ...planTaxOf(
        { taxRateBasisPoints: row.previous.taxRateBasisPoints, exemptReason: row.previous.exemptReason },
        billing.defaultTaxRateBasisPoints,
      ),
    });
  }
  const [issued] = await issueInvoices(
    executor,
    { series: "F", issuedAt, timeZone: club.timeZone, actorId: term.actorId },
    [
      {
        memberId: term.memberId,
        subscriptionId: term.subscriptionId,
        rectifies: null,
        language,
        currency: term.currency,
        issuer: billing.issuer,
        customer,
        dueOn: [localDate(issuedAt, club.timeZone), localDate(startedAt, club.timeZone)].sort()[1],
        lines,
      },
    ],
  );
  return issued ?? null;
}
