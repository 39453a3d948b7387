import { calendarDaysBetween } from "@/lib/platform/calendar";
import { fromCents, prorate, toCents } from "@/lib/platform/money";

export type BillingPeriod = "monthly" | "quarterly" | "annual";

export const MONTHS_IN: Record<BillingPeriod, number> = { monthly: 1, quarterly: 3, annual: 12 };

type PlanPrices = { monthlyPrice: string; quarterlyPrice: string | null; annualPrice: string | null };

/** A term as proration sees it: what it cost and when it runs. */
export type PricedTerm = { price: string; startedAt: Date; endsAt: Date };

/**
 * The price a new subscription captures. A plan without a quarterly or annual price charges the
 * monthly price times the months of the period (no discount).
 */
export function priceFor(plan: PlanPrices, period: BillingPeriod): string {
  const discounted =
    period === "quarterly" ? plan.quarterlyPrice : period === "annual" ? plan.annualPrice : plan.monthlyPrice;
  return discounted ?? fromCents(toCents(plan.monthlyPrice) * BigInt(MONTHS_IN[period]));
}

/**
 * What changing plan costs: the new term's price, the credit for the unused part of the current term (null with
 * proration off: nothing is credited and the new term stores no credit), and what the member pays now.
 */
export type PlanChangePrice = { price: string; prorationCredit: string | null; amountDue: string };

/** Prices a change at `changedAt` to a term costing `price`; the amount due is the price less the credit, never below zero. */
export function planChangePrice(
  current: PricedTerm,
  price: string,
  changedAt: Date,
  proration: { enabled: boolean; timeZone: string },
): PlanChangePrice {
  const credit = proration.enabled ? prorationCredit(current, changedAt, proration.timeZone) : null;
  const due = toCents(price) - toCents(credit ?? "0.00");
  return { price, prorationCredit: credit, amountDue: fromCents(due > 0n ? due : 0n) };
}

/**
 * Credit for the unused part of a term when the plan changes mid-term:
 * price × unused days ÷ term days, in the club's calendar days, rounded half up to the cent.
 * A change on the term's first day credits the whole price; on or after its last day, nothing.
 */
export function prorationCredit(term: PricedTerm, changedAt: Date, timeZone: string): string {
  const termDays = calendarDaysBetween(term.startedAt, term.endsAt, timeZone);
  const unusedDays = Math.min(termDays, Math.max(0, calendarDaysBetween(changedAt, term.endsAt, timeZone)));
  if (termDays <= 0) return "0.00";
  return fromCents(prorate(toCents(term.price), BigInt(unusedDays), BigInt(termDays)));
}
