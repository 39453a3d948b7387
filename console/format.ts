import type { BillingPeriod, MemberStatus, SubscriptionRow } from "./club-api";

type Decimal = `${number}`;
const isDecimal = (amount: string): amount is Decimal => /^-?\d+(\.\d+)?$/.test(amount);

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount as the API writes it ("49.90") in the club's currency. Intl formats the decimal string
 * itself, exactly: money is never turned into a floating-point number.
 */
export function formatMoney(amount: string, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(undefined, { style: "currency", currency });
    moneyFormats.set(currency, format);
  }
  return isDecimal(amount) ? format.format(amount) : `${amount} ${currency}`;
}

const calendarDate = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" });
const instantDate = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const instant = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A calendar date (YYYY-MM-DD) as it is written, whatever the browser's time zone. */
export const formatCalendarDate = (date: string) => calendarDate.format(new Date(`${date}T00:00:00Z`));
/** The day of an ISO instant, in the browser's time zone. */
export const formatDay = (iso: string) => instantDate.format(new Date(iso));
export const formatDateTime = (iso: string) => instant.format(new Date(iso));

const count = new Intl.NumberFormat();
export const formatCount = (value: number) => count.format(value);

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const plural = (value: number, one: string, other: string) =>
  `${formatCount(value)} ${value === 1 ? one : other}`;

export const BILLING_PERIODS: Readonly<Record<BillingPeriod, string>> = {
  monthly: "Monthly",
  quarterly: "Quarterly",
  annual: "Annual",
};
export const BILLING_PERIOD_VALUES = ["monthly", "quarterly", "annual"] as const satisfies readonly BillingPeriod[];

/** How a status reads and which badge shows it. */
export type StatusLook = { label: string; badge: string };

/** Member statuses in the API's order (the list sorts by it). */
export const MEMBER_STATUSES: Readonly<Record<MemberStatus, StatusLook>> = {
  active: { label: "Active", badge: "badge-active" },
  inactive: { label: "Inactive", badge: "badge-inactive" },
  suspended: { label: "Suspended", badge: "badge-blocked" },
  expired: { label: "Expired", badge: "badge-pending" },
};
export const MEMBER_STATUS_VALUES = [
  "active",
  "inactive",
  "suspended",
  "expired",
] as const satisfies readonly MemberStatus[];

export const SUBSCRIPTION_STATUSES: Readonly<Record<SubscriptionRow["status"], StatusLook>> = {
  active: { label: "Active", badge: "badge-active" },
  expired: { label: "Expired", badge: "badge-pending" },
  canceled: { label: "Canceled", badge: "badge-inactive" },
};
