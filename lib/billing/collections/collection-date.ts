import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { sepaMandates } from "@/lib/platform/db/schema";
import { nextTarget2BusinessDay } from "../sepa/target2";
import { readDirectDebitSettings } from "./direct-debit-settings";

const twoDigits = (value: number) => String(value).padStart(2, "0");

/**
 * The club's first collection day on or after `date` (day `collectionDay` of that month, else of the next), moved to
 * the next TARGET2 business day when banks are closed then: 2027-03-26 (Good Friday) with day 26 → 2027-03-30.
 */
export function plannedCollectionDate(date: string, collectionDay: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const [collectionYear, collectionMonth] =
    day <= collectionDay ? [year, month] : month === 12 ? [year + 1, 1] : [year, month + 1];
  return nextTarget2BusinessDay(`${collectionYear}-${twoDigits(collectionMonth)}-${twoDigits(collectionDay)}`);
}

/**
 * The first day on or after `date` a debit can be collected on: the club's planned collection date with a collection day
 * set, else the next TARGET2 business day.
 */
export function collectionDateFrom(date: string, collectionDay: number | null): string {
  return collectionDay === null ? nextTarget2BusinessDay(date) : plannedCollectionDate(date, collectionDay);
}

/** The later of two YYYY-MM-DD dates. */
export const laterOf = (a: string, b: string) => (a > b ? a : b);

/** `date` plus `days` calendar days: "2027-02-20" + 14 → "2027-03-06". */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  return new Date(day.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * How the members' invoices being issued on `issuedOn` are due (docs/billing.md, Direct-debit members): a member with an
 * active mandate pays by direct debit, so their invoice is due on the first day a debit can be collected (the club's
 * planned collection date, else a TARGET2 business day) on or after both the day given and `preNotificationDays` after
 * issue, so the pre-notification sent the day it is issued can announce its due date (debit-notices.ts), and nobody
 * reminds them while their debit waits; everyone else, on the day given. One query for all the members of a batch.
 */
export async function dueDatesFor(
  executor: Executor,
  memberIds: readonly string[],
  issuedOn: string,
): Promise<(memberId: string, dueOn: string) => string> {
  if (memberIds.length === 0) return (_, dueOn) => dueOn;
  const { collectionDay, preNotificationDays } = await readDirectDebitSettings(executor);
  const debited = await executor
    .selectDistinct({ memberId: sepaMandates.memberId })
    .from(sepaMandates)
    .where(and(inArray(sepaMandates.memberId, [...new Set(memberIds)]), eq(sepaMandates.status, "active")));
  const byDebit = new Set(debited.map((row) => row.memberId));
  const earliest = addDays(issuedOn, preNotificationDays);
  return (memberId, dueOn) =>
    byDebit.has(memberId) ? collectionDateFrom(laterOf(dueOn, earliest), collectionDay) : dueOn;
}
