import "@/tests/support/isolated-env";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMonths } from "@/lib/platform/calendar";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { periodPrice, termEnd, termLength } from "./jobs";
import { type BillingPeriod, MONTHS_IN, priceFor } from "./pricing";

/**
 * The renewal job computes prices and term ends in SQL, set-based; enrolment, renew and change-plan compute them in
 * TypeScript. Both must agree on every plan shape, period and calendar edge, or a renewed term would differ from a
 * manually renewed one.
 */

let running: Platform;
const ZONE = "Europe/Madrid";
const PERIODS: readonly BillingPeriod[] = ["monthly", "quarterly", "annual"];

const PLANS = [
  { monthlyPrice: "45.00", quarterlyPrice: null, annualPrice: null },
  { monthlyPrice: "33.33", quarterlyPrice: "89.99", annualPrice: "299.00" },
  { monthlyPrice: "0.01", quarterlyPrice: null, annualPrice: "0.00" },
  { monthlyPrice: "19.99", quarterlyPrice: "54.00", annualPrice: null },
];

// Month ends, leap years, both DST changes in Madrid, the year's end, and a time in the skipped and repeated hours' days.
const STARTS = [
  "2026-01-31T09:00:00Z",
  "2027-01-31T22:30:00Z", // 23:30 on 31 Jan in Madrid
  "2028-02-29T11:00:00Z", // leap day
  "2028-01-29T10:00:00Z",
  "2026-03-29T00:30:00Z", // the night the clocks go forward
  "2026-10-25T00:30:00Z", // the night the clocks go back (02:30 CEST)
  "2026-10-25T01:30:00Z", // 02:30 CET, the repeated hour
  "2026-08-31T21:59:59Z", // 23:59:59 on 31 Aug
  "2026-12-31T23:00:00Z", // midnight of 1 Jan 2027
  "2026-05-31T00:00:00Z",
];

beforeAll(async () => {
  running = await platform();
});
afterAll(stopPlatform);

async function sqlPrice(plan: (typeof PLANS)[number], period: BillingPeriod): Promise<string> {
  const [row] = await running.database.rows<{ price: string }>(
    running.database.db,
    sql`select (${periodPrice})::numeric(12, 2)::text as price
        from (select ${period}::text as billing_period) s,
             (select ${plan.monthlyPrice}::numeric(12, 2) as monthly_price, ${plan.quarterlyPrice}::numeric(12, 2) as quarterly_price,
                     ${plan.annualPrice}::numeric(12, 2) as annual_price) p`,
  );
  return row!.price;
}

async function sqlTermEnd(start: string, period: BillingPeriod): Promise<Date> {
  const [row] = await running.database.rows<{ ends: string }>(
    running.database.db,
    sql`select to_char(${termEnd(sql`${start}::timestamptz`, termLength, ZONE)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ends
        from (select ${period}::text as billing_period) s`,
  );
  return new Date(row!.ends);
}

describe("the renewal job's SQL and the services' TypeScript", () => {
  it.each(PLANS.flatMap((plan) => PERIODS.map((period) => [plan, period] as const)))(
    "price the same: %o, %s",
    async (plan, period) => {
      expect(await sqlPrice(plan, period)).toBe(priceFor(plan, period));
    },
  );

  it.each(STARTS.flatMap((start) => PERIODS.map((period) => [start, period] as const)))(
    "end a term starting at %s, %s, at the same instant",
    async (start, period) => {
      expect((await sqlTermEnd(start, period)).toISOString()).toBe(
        addMonths(new Date(start), MONTHS_IN[period], ZONE).toISOString(),
      );
    },
  );
});
