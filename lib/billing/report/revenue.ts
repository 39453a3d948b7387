import { sql } from "drizzle-orm";
import { localDate } from "@/lib/platform/calendar";
import { executeRows } from "@/lib/platform/db/rows";
import { fromCents, toCents } from "@/lib/platform/money";
import type { ServiceContext } from "@/lib/services/context";
import { monthIndex, type RevenueReportQuery } from "./schemas";

type ReportMonth = {
  /** YYYY-MM, club calendar. */
  month: string;
  /** Invoices issued in the month, less the rectifying invoices issued in it (their totals are negative). */
  billed: string;
  /** Payments less refunds dated in the month. */
  collected: string;
};

type AgeingBucket = { amount: string; invoices: number };

type Ageing = {
  asOf: string;
  notYetDue: AgeingBucket;
  days1To30: AgeingBucket;
  days31To60: AgeingBucket;
  days61To90: AgeingBucket;
  over90Days: AgeingBucket;
  total: AgeingBucket;
};

export type RevenueReport = {
  from: string;
  to: string;
  currency: string;
  months: ReportMonth[];
  totals: { billed: string; collected: string };
  ageing: Ageing;
};

type ReportContext = Pick<ServiceContext, "db" | "club" | "now">;

const monthOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;

/**
 * Billed vs collected per month and the ageing of what is owed (docs/billing.md, Revenue report). Two set-based
 * statements; every date is a club calendar date already (issued_on, paid_on, due_on), so months need no conversion.
 */
export async function revenueReport(ctx: ReportContext, query: RevenueReportQuery): Promise<RevenueReport> {
  const today = localDate(ctx.now(), ctx.club.timeZone);
  const to = query.to ?? today.slice(0, 7);
  const from = query.from ?? monthOf(monthIndex(to) - 11);
  const asOf = query.asOf ?? today;
  const [months, ageing] = await Promise.all([monthlyFigures(ctx, from, to), ageingAt(ctx, asOf, ctx.club.timeZone)]);
  const sum = (key: "billed" | "collected") => fromCents(months.reduce((total, row) => total + BigInt(row[key]), 0n));
  return {
    from,
    to,
    currency: ctx.club.currency,
    months: months.map((row) => ({
      month: row.month,
      billed: fromCents(BigInt(row.billed)),
      collected: fromCents(BigInt(row.collected)),
    })),
    totals: { billed: sum("billed"), collected: sum("collected") },
    ageing,
  };
}

type MonthRow = { month: string; billed: string; collected: string };

/** Every month of the period, with zeros where nothing happened; sums over the issued_on and paid_on indexes. */
function monthlyFigures(ctx: ReportContext, from: string, to: string): Promise<MonthRow[]> {
  const start = `${from}-01`;
  const end = `${monthOf(monthIndex(to) + 1)}-01`;
  return executeRows<MonthRow>(
    ctx.db,
    sql`with months as (
      select gs::date as first_day from generate_series(${start}::timestamp, ${`${to}-01`}::timestamp, interval '1 month') gs
    ), billed as (
      select date_trunc('month', issued_on::timestamp)::date as first_day, sum(total_cents) as cents
      from invoices where issued_on >= ${start}::date and issued_on < ${end}::date
      group by 1
    ), collected as (
      select date_trunc('month', paid_on::timestamp)::date as first_day,
        sum(case when kind = 'payment' then amount_cents else -amount_cents end) as cents
      from invoice_payments where paid_on >= ${start}::date and paid_on < ${end}::date
      group by 1
    )
    select to_char(months.first_day, 'YYYY-MM') as month,
      coalesce(billed.cents, 0)::text as billed, coalesce(collected.cents, 0)::text as collected
    from months left join billed using (first_day) left join collected using (first_day)
    order by months.first_day`,
  );
}

type AgeingRow = Record<`${"notDue" | "d30" | "d60" | "d90" | "older"}${"Cents" | "Count"}`, string | number>;

/**
 * What was owed at the end of `asOf`, rebuilt from the movements dated up to it, so a past date shows that day's
 * debts: each invoice's total, less the rectifying invoices issued against it and the payments net of refunds dated
 * up to then; invoices written off by then are left out. Bucketed by days past due (asOf − due date).
 */
async function ageingAt(ctx: ReportContext, asOf: string, timeZone: string): Promise<Ageing> {
  const [row] = await executeRows<AgeingRow>(
    ctx.db,
    sql`with paid as (
      select invoice_id, sum(case when kind = 'payment' then amount_cents else -amount_cents end) as cents
      from invoice_payments where paid_on <= ${asOf}::date
      group by invoice_id
    ), credited as (
      select rectifies_invoice_id as invoice_id, sum(total_cents) as cents
      from invoices where kind = 'rectifying' and issued_on <= ${asOf}::date
      group by rectifies_invoice_id
    ), owed as (
      select ${asOf}::date - i.due_on as days,
        i.total_cents + coalesce(credited.cents, 0) - coalesce(paid.cents, 0) as cents
      from invoices i
      left join paid on paid.invoice_id = i.id
      left join credited on credited.invoice_id = i.id
      where i.kind = 'invoice' and i.issued_on <= ${asOf}::date
        and not (i.status = 'written_off' and (i.status_changed_at at time zone ${timeZone})::date <= ${asOf}::date)
    )
    select
      coalesce(sum(cents) filter (where days <= 0), 0)::text as "notDueCents",
      count(*) filter (where days <= 0) as "notDueCount",
      coalesce(sum(cents) filter (where days between 1 and 30), 0)::text as "d30Cents",
      count(*) filter (where days between 1 and 30) as "d30Count",
      coalesce(sum(cents) filter (where days between 31 and 60), 0)::text as "d60Cents",
      count(*) filter (where days between 31 and 60) as "d60Count",
      coalesce(sum(cents) filter (where days between 61 and 90), 0)::text as "d90Cents",
      count(*) filter (where days between 61 and 90) as "d90Count",
      coalesce(sum(cents) filter (where days > 90), 0)::text as "olderCents",
      count(*) filter (where days > 90) as "olderCount"
    from owed where cents > 0`,
  );
  const bucket = (key: "notDue" | "d30" | "d60" | "d90" | "older"): AgeingBucket => ({
    amount: fromCents(BigInt(row?.[`${key}Cents`] ?? 0)),
    invoices: Number(row?.[`${key}Count`] ?? 0),
  });
  const buckets = {
    notYetDue: bucket("notDue"),
    days1To30: bucket("d30"),
    days31To60: bucket("d60"),
    days61To90: bucket("d90"),
    over90Days: bucket("older"),
  };
  const all = Object.values(buckets);
  return {
    asOf,
    ...buckets,
    total: {
      amount: fromCents(all.reduce((total, { amount }) => total + toCents(amount), 0n)),
      invoices: all.reduce((total, { invoices }) => total + invoices, 0),
    },
  };
}
