// The revenue report and the overdue list over N invoices on the database DATABASE_URL names (the real PostgreSQL
// under `npm run bench`): two years of invoices, most paid (some in part, some refunded), some rectified, some
// written off, the unpaid ones overdue with their reminders; then GET /api/billing/report's and
// GET /api/billing/overdue's services, each the median of a few runs.
import { sql } from "drizzle-orm";
import { overdueInvoices } from "@/lib/billing/report/overdue";
import { revenueReport } from "@/lib/billing/report/revenue";
import { createTestDatabase } from "@/tests/support/test-database";
import { medianSeconds } from "./median";
import { writeResults } from "./results-file";

const INVOICES = Number(process.env.BENCH_REPORT_INVOICES ?? 100_000);
const RUNS = 5;
const database = await createTestDatabase();
const club = { language: "es", timeZone: "Europe/Madrid", currency: "EUR" } as const;
const now = () => new Date("2026-11-27T10:00:00Z");

const median = (run: () => Promise<unknown>) => medianSeconds(RUNS, run);

try {
  const members = Math.ceil(INVOICES / 20);
  await database.db.execute(sql`
    insert into members (first_name, last_name, email, status)
    select 'Member', 'No. ' || n, 'member' || n || '@bench.example', 'active' from generate_series(1, ${members}) as n`);
  // Invoices as issuing stores them, spread over 24 months; their hashes do not matter here (the chain is not verified).
  await database.db.execute(sql`
    with ranked as (select id, row_number() over (order by id) - 1 as k from members),
    numbered as (
      select n, ranked.id as member_id, date '2024-12-01' + (n % 726) as issued_on
      from generate_series(1, ${INVOICES}) as n join ranked on ranked.k = n % ${members}
    )
    insert into invoices (series, year, number, kind, issued_at, issued_on, due_on, member_id, language, currency,
      issuer, customer, base_cents, tax_cents, total_cents, chain_position, record_hash, status, paid_cents)
    select 'F', extract(year from issued_on)::smallint, n, 'invoice', issued_on::timestamptz, issued_on, issued_on, member_id,
      'es', 'EUR', '{}'::jsonb, jsonb_build_object('name', 'Member ' || n), 3719, 781, 4500, n, md5(n::text),
      case when n % 10 < 7 then 'paid' when n % 10 = 7 then 'partially_paid' when n % 10 = 8 then 'written_off'
        else 'overdue' end::invoice_status,
      case when n % 10 < 7 then 4500 when n % 10 = 7 then 2000 else 0 end
    from numbered`);
  await database.db.execute(sql`
    insert into invoice_payments (invoice_id, kind, amount_cents, method, paid_on)
    select id, 'payment', paid_cents, 'direct_debit', due_on + 3 from invoices where paid_cents > 0`);
  // One paid invoice in fifty refunded in part, one in a hundred rectified in part.
  await database.db.execute(sql`
    insert into invoice_payments (invoice_id, kind, amount_cents, method, paid_on)
    select id, 'refund', 1000, 'cash', due_on + 10 from invoices where number % 50 = 1`);
  await database.db.execute(sql`
    insert into invoices (series, year, number, kind, rectifies_invoice_id, rectification_reason, issued_at, issued_on,
      due_on, member_id, language, currency, issuer, customer, base_cents, tax_cents, total_cents, chain_position,
      record_hash)
    select 'R', year, row_number() over (order by number), 'rectifying', id, 'Descuento', issued_at + interval '5 days',
      issued_on + 5, issued_on + 5, member_id, 'es', 'EUR', issuer, customer, -826, -174, -1000,
      ${INVOICES} + row_number() over (order by number), md5('R' || number)
    from invoices where number % 100 = 3`);
  await database.db.execute(sql`
    insert into mail_outbox (template, to_address, props, dedupe_key)
    select 'payment-reminder', 'member@bench.example', '{}'::jsonb, 'dunning:' || i.id || ':' || d
    from invoices i cross join unnest(array[1, 4, 11]) as d where i.status = 'overdue'`);
  await database.db.execute(sql`analyze`);

  const ctx = { db: database.db, club, now };
  const report = await median(() => revenueReport(ctx, { from: "2025-12", to: "2026-11" }));
  const overdue = await median(() => overdueInvoices(ctx, { limit: 500 }));
  const check = await overdueInvoices(ctx, { limit: 1 });
  if (check.count !== INVOICES / 10) throw new Error(`listed ${check.count} overdue invoices of ${INVOICES / 10}`);

  writeResults(
    "revenue-report",
    [
      {
        name: `Revenue report, 12 months and the ageing, over ${INVOICES.toLocaleString("en")} invoices`,
        unit: "s",
        measured: Number(report.toFixed(3)),
        target: { op: "<", value: 1 },
      },
      {
        name: `Overdue list, first 500 of ${check.count.toLocaleString("en")} overdue invoices`,
        unit: "s",
        measured: Number(overdue.toFixed(3)),
        target: { op: "<", value: 1 },
      },
    ],
    { invoices: INVOICES, database: database.kind, runs: RUNS },
  );
} finally {
  await database.close();
}
