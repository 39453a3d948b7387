// Building a SEPA remittance of N invoices on the database DATABASE_URL names (the real PostgreSQL under `npm run
// bench`): announcing every debit first (the notify-debits job: N notices and their emails in one statement), then
// selecting every collectable invoice with its mandate and notice (one INSERT … SELECT) and writing the pain.008 file.
import { sql } from "drizzle-orm";
import { notifyDebits } from "@/lib/billing/collections/debit-notices";
import { remittanceFile } from "@/lib/billing/collections/remittance-file";
import { createRemittance } from "@/lib/billing/collections/remittances";
import { localDate } from "@/lib/platform/calendar";
import { createTestDatabase } from "@/tests/support/test-database";
import { writeResults } from "./results-file";

const INVOICES = Number(process.env.BENCH_REMITTANCE_INVOICES ?? 10_000);
const database = await createTestDatabase();
const club = { language: "es", timeZone: "Europe/Madrid", currency: "EUR" } as const;

try {
  await database.db.execute(sql`insert into platform_settings (platform_name, time_zone, currency, legal_name, tax_id,
      address_line, postal_code, city, province, creditor_identifier, collection_iban)
    values ('Bench Club', 'Europe/Madrid', 'EUR', 'Club Deportivo Bench', 'G28029643', 'Calle Mayor 1', '28013',
      'Madrid', 'Madrid', 'ES97000B12345678', 'ES7921000813610123456789')`);
  const [user] =
    (await database.db.execute(sql`insert into users (email, username, first_name, last_name, password_hash)
    values ('bench@bench.example', 'bench', 'Bench', 'Admin', 'x') returning id`)) as unknown as { id: string }[];
  await database.db.execute(sql`
    insert into members (first_name, last_name, email, status)
    select 'Member', 'No. ' || n, 'member' || n || '@bench.example', 'active' from generate_series(1, ${INVOICES}) as n`);
  await database.db.execute(sql`
    insert into sepa_mandates (member_id, iban, signed_on, sequence)
    select id, 'ES9121000418450200051332', '2026-01-15', case when random() < 0.1 then 'first' else 'recurring' end::sepa_sequence
    from members`);
  // Invoices as issuing stores them; their hashes do not matter here (the chain is not verified).
  await database.db.execute(sql`
    insert into invoices (series, year, number, kind, issued_at, issued_on, due_on, member_id, language, currency,
      issuer, customer, base_cents, tax_cents, total_cents, chain_position, record_hash)
    select 'F', 2026, row_number() over (), 'invoice', now(), current_date, current_date, m.id, 'es', 'EUR',
      '{}'::jsonb, jsonb_build_object('name', m.first_name || ' ' || m.last_name), 3719, 781, 4500,
      row_number() over (), md5(m.id::text)
    from members m`);
  await database.db.execute(sql`analyze`);

  const now = () => new Date();
  const noticesStarted = performance.now();
  const announced = await notifyDebits({
    db: database.db,
    club: { clubName: "Bench Club", language: club.language, timeZone: club.timeZone },
    // Queued only: sending 10,000 emails is the deliver-mail job's, and would run beside the remittance measured next.
    deliverMail: () => undefined,
  });
  const noticeSeconds = (performance.now() - noticesStarted) / 1000;
  if (announced.notified !== INVOICES) throw new Error(`announced ${announced.notified} of ${INVOICES} debits`);
  // Collected on the date the notices announce (today plus the 14 days' notice, on a TARGET2 business day).
  const [{ date: collectionDate } = { date: localDate(new Date(), club.timeZone) }] = (await database.db.execute(
    sql`select max(collection_date)::text as date from debit_notices`,
  )) as unknown as { date: string }[];
  const started = performance.now();
  const built = await createRemittance(
    { db: database.db, club, now, actor: { id: user!.id, permissions: [] } },
    { collectionDate },
  );
  if (!built.ok) throw new Error(built.error.message);
  const file = await remittanceFile({ db: database.db }, built.value.id);
  const seconds = (performance.now() - started) / 1000;
  if (!file.ok) throw new Error(file.error.message);
  if (built.value.itemCount !== INVOICES) throw new Error(`collected ${built.value.itemCount} of ${INVOICES}`);

  writeResults(
    "remittance",
    [
      {
        name: `Remittance of ${INVOICES.toLocaleString("en")} invoices built (selection and pain.008 file)`,
        unit: "s",
        measured: Number(seconds.toFixed(2)),
        target: { op: "<", value: 5 },
      },
      {
        name: `Pre-notification of ${INVOICES.toLocaleString("en")} debits (notices, emails and audit entries queued)`,
        unit: "s",
        measured: Number(noticeSeconds.toFixed(2)),
        target: { op: "<", value: 5 },
      },
    ],
    { invoices: INVOICES, database: database.kind, fileBytes: Buffer.byteLength(file.value.xml) },
  );
} finally {
  await database.close();
}
