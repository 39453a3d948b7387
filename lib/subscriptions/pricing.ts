import { calendarDaysBetween } from "@/lib/platform/calendar";
import { fromCents, prorate, toCents } from "@/lib/platform/money";

export type BillingPeriod = "monthly" | "quarterly" | "annual";

export const MONTHS_IN: Record<BillingPeriod, number> = { monthly: 1, quarterly: 3, annual: 12 };

type PlanPrices = { monthlyPrice: string; quarterlyPrice: string | null; annualPrice: string | null };

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
 * Credit for the unused part of a term when the plan changes mid-term:
 * price × unused days ÷ term days, in the club's calendar days, rounded half up to the cent.
 * A change on the term's first day credits the whole price; on or after its last day, nothing.
 */
export function prorationCredit(
  term: { price: string; startedAt: Date; endsAt: Date },
  changedAt: Date,
  timeZone: string,
): string {
  const termDays = calendarDaysBetween(term.startedAt, term.endsAt, timeZone);
  const unusedDays = Math.min(termDays, Math.max(0, calendarDaysBetween(changedAt, term.endsAt, timeZone)));
  if (termDays <= 0) return "0.00";
  return fromCents(prorate(toCents(term.price), BigInt(unusedDays), BigInt(termDays)));
}
