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
 * How the members' invoices being issued are due (docs/billing.md, Direct-debit members): a member with an active
 * mandate pays by direct debit, so their invoice is due on the club's planned collection date, not on the day the term
 * starts, and nobody reminds them while their debit waits; everyone else, on the day given. One query for all the
 * members of a batch.
 */
export async function dueDatesFor(
  executor: Executor,
  memberIds: readonly string[],
): Promise<(memberId: string, dueOn: string) => string> {
  const { collectionDay } = await readDirectDebitSettings(executor);
  if (collectionDay === null || memberIds.length === 0) return (_, dueOn) => dueOn;
  const debited = await executor
    .selectDistinct({ memberId: sepaMandates.memberId })
    .from(sepaMandates)
    .where(and(inArray(sepaMandates.memberId, [...new Set(memberIds)]), eq(sepaMandates.status, "active")));
  const byDebit = new Set(debited.map((row) => row.memberId));
  return (memberId, dueOn) => (byDebit.has(memberId) ? plannedCollectionDate(dueOn, collectionDay) : dueOn);
}
