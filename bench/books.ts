// The accountant's books over a year of a club's invoices on the database DATABASE_URL names (the real PostgreSQL
// under `npm run bench`): N monthly invoices, each with a 21 % line and one in five with an exempt line too, one in
// twenty members with a NIF, most paid; then a page of the year's libro registro with its totals, all the rows of a month (and its CSV and XLSX) and of the year, the
// quarter's 303, the year's 347 and a month's payments journal, each the median of a few runs.
import { sql } from "drizzle-orm";
import { annualCustomers } from "@/lib/billing/books/annual-customers";
import { issuedInvoiceRows, issuedInvoicesBook } from "@/lib/billing/books/issued-invoices";
import { issuedInvoicesFile } from "@/lib/billing/books/issued-invoices-file";
import { paymentsJournal } from "@/lib/billing/books/payments-journal";
import { vatReturn } from "@/lib/billing/books/vat-return";
import { createTestDatabase } from "@/tests/support/test-database";
import { medianSeconds } from "./median";
import { writeResults } from "./results-file";

const INVOICES = Number(process.env.BENCH_BOOKS_INVOICES ?? 120_000);
const RUNS = 5;
const database = await createTestDatabase();
const club = { language: "es", timeZone: "Europe/Madrid", currency: "EUR" } as const;

const median = (run: () => Promise<unknown>) => medianSeconds(RUNS, run);

try {
  const members = Math.ceil(INVOICES / 12);
  await database.db.execute(sql`
    insert into members (first_name, last_name, email, status)
    select 'Member', 'No. ' || n, 'member' || n || '@bench.example', 'active' from generate_series(1, ${members}) as n`);
  // Twelve monthly invoices a member in 2026, as issuing stores them; hashes do not matter here.
  await database.db.execute(sql`
    with ranked as (select id, row_number() over (order by id) - 1 as k from members),
    numbered as (
      select n, ranked.id as member_id, make_date(2026, 1 + (n % 12), 1 + (n % 28)) as issued_on,
        case when n % 5 = 0 then 7490 else 4990 end as total,
        case when ranked.k % 20 = 0 then '12345678Z' end as tax_id
      from generate_series(1, ${INVOICES}) as n join ranked on ranked.k = n % ${members}
    )
    insert into invoices (series, year, number, kind, issued_at, issued_on, due_on, member_id, language, currency,
      issuer, customer, base_cents, tax_cents, total_cents, chain_position, record_hash, status, paid_cents)
    select 'F', 2026, n, 'invoice', issued_on::timestamptz, issued_on, issued_on, member_id, 'es', 'EUR', '{}'::jsonb,
      jsonb_build_object('name', 'Member ' || n, 'taxId', tax_id), total - 866, 866, total, n, md5(n::text),
      case when n % 10 < 7 then 'paid' else 'open' end::invoice_status, case when n % 10 < 7 then total else 0 end
    from numbered`);
  await database.db.execute(sql`
    insert into invoice_lines (invoice_id, position, description, service_from, service_to, base_cents, tax_rate_bp,
      tax_cents, total_cents, exempt_reason)
    select id, 0, 'Cuota', issued_on, issued_on + 29, 4124, 2100, 866, 4990, null from invoices
    union all
    select id, 1, 'Escuela', issued_on, issued_on + 29, 2500, 0, 0, 2500, 'Exento, art. 20.1.13º Ley 37/1992 del IVA'
    from invoices where total_cents = 7490`);
  await database.db.execute(sql`
    insert into invoice_payments (invoice_id, kind, amount_cents, method, paid_on)
    select id, 'payment', paid_cents, (array['cash', 'card', 'bank_transfer', 'direct_debit'])[1 + number % 4]::payment_method,
      issued_on + 2
    from invoices where paid_cents > 0`);
  await database.db.execute(sql`analyze`);

  const ctx = { db: database.db, club };
  const month = { from: "2026-03-01", to: "2026-03-31" };
  const monthRows = await issuedInvoiceRows(ctx, month);
  const year = { from: "2026-01-01", to: "2026-12-31" };
  const figures = {
    page: await median(() =>
      issuedInvoicesBook(ctx, { ...year, pageNumber: 1, pageSize: 100, orderBy: "issuedOn", orderDirection: "asc" }),
    ),
    month: await median(() => issuedInvoiceRows(ctx, month)),
    csv: await median(() => issuedInvoicesFile(monthRows, "csv")),
    xlsx: await median(() => issuedInvoicesFile(monthRows, "xlsx")),
    year: await median(() => issuedInvoiceRows(ctx, year)),
    vat: await median(() => vatReturn(ctx, { year: 2026, quarter: 1 })),
    annual: await median(() => annualCustomers(ctx, { year: 2026 })),
    journal: await median(() => paymentsJournal(ctx, month)),
  };
  const rows = monthRows.length.toLocaleString("en");
  const figure = (name: string, measured: number, target: number) => ({
    name,
    unit: "s",
    measured: Number(measured.toFixed(3)),
    target: { op: "<" as const, value: target },
  });
  writeResults(
    "books",
    [
      figure("Libro registro of the year: first page of 100 rows and the year's totals (JSON)", figures.page, 1),
      figure(`Libro registro of a month, all ${rows} rows (what its file is made from)`, figures.month, 1),
      figure(`The month's CSV, from its rows`, figures.csv, 1),
      figure(`The month's XLSX, from its rows`, figures.xlsx, 2),
      figure(`Libro registro of the year, all rows of ${INVOICES.toLocaleString("en")} invoices`, figures.year, 5),
      figure("Modelo 303 of a quarter", figures.vat, 1),
      figure("Modelo 347 of the year", figures.annual, 2),
      figure("Payments journal of a month", figures.journal, 1),
    ],
    { invoices: INVOICES, database: database.kind, runs: RUNS },
  );
} finally {
  await database.close();
}
