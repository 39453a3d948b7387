// ProcessAutoRenewalsJob with N due subscriptions on the database DATABASE_URL names (the real PostgreSQL under
// `npm run bench`): the run's wall time, invoices included (the club's tax data is set, so each renewed term is
// invoiced in the job's transaction), and a second run that must renew and invoice nothing.
import { sql } from "drizzle-orm";
import { processAutoRenewals } from "@/lib/subscriptions/jobs";
import { createTestDatabase } from "@/tests/support/test-database";
import { writeResults } from "./results-file";

const DUE = Number(process.env.BENCH_RENEWALS ?? 100_000);
const database = await createTestDatabase();
const config = { CLUB_TIMEZONE: "Europe/Madrid", CURRENCY: "EUR" };

try {
  await database.db.execute(sql`insert into platform_settings (platform_name, time_zone, currency, legal_name, tax_id,
      address_line, postal_code, city, province)
    values ('Bench Club', 'Europe/Madrid', 'EUR', 'Club Deportivo Bench', 'G28029643', 'Calle Mayor 1', '28013',
      'Madrid', 'Madrid')`);
  await database.db.execute(
    sql`insert into plans (name, code, monthly_price, annual_price) values ('Gold', 'GOLD', 45.00, 450.00)`,
  );
  await database.db.execute(sql`
    insert into members (first_name, last_name, email, status)
    select 'Member', 'No. ' || n, 'member' || n || '@bench.example', 'active' from generate_series(1, ${DUE}) as n`);
  await database.db.execute(sql`
    insert into subscriptions (member_id, plan_id, billing_period, started_at, ends_at, price, currency, auto_renew)
    select m.id, p.id, case when row_number() over () % 4 = 0 then 'annual'::billing_period else 'monthly'::billing_period end,
      now() - interval '30 days', now() + (random() * interval '23 hours'), 45.00, 'EUR', true
    from members m cross join plans p`);
  await database.db.execute(sql`analyze`);

  const started = performance.now();
  const first = await processAutoRenewals({ database, config });
  const seconds = (performance.now() - started) / 1000;
  const second = await processAutoRenewals({ database, config });
  if (first.renewed !== DUE || second.renewed !== 0)
    throw new Error(`renewed ${first.renewed}, then ${second.renewed}`);
  if (first.invoiced !== DUE || second.invoiced !== 0)
    throw new Error(`invoiced ${first.invoiced}, then ${second.invoiced}`);

  writeResults(
    "auto-renewals",
    [
      {
        name: `ProcessAutoRenewalsJob, ${DUE.toLocaleString("en")} due subscriptions, each invoiced`,
        unit: "s",
        measured: Number(seconds.toFixed(2)),
        target: { op: "<", value: 30 },
      },
      {
        name: "subscriptions renewed by a second run",
        unit: "rows",
        measured: second.renewed,
        target: { op: "<", value: 1 },
      },
    ],
    { due: DUE, database: database.kind, mailsQueued: first.mailed, invoicesIssued: first.invoiced },
  );
} finally {
  await database.close();
}
