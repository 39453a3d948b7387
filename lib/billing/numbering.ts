import { sql } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { executeRows } from "@/lib/platform/db/rows";

/** "F2026-000123": the series' prefix (lib/billing/series.ts), the year and the correlative number shown on the invoice. */
export const invoiceNumber = (series: string, year: number, number: number) =>
  `${series}${year}-${String(number).padStart(6, "0")}`;

/**
 * Takes the next `count` numbers of a series and year: the counter row is created or incremented by one statement,
 * which holds its lock until the issuing transaction ends. Numbers are taken only when it commits (a rollback gives
 * them back), and a concurrent issuer waits for it, so numbers have no gap and no duplicate. Answers the first one.
 */
export async function takeInvoiceNumbers(
  executor: Executor,
  series: string,
  year: number,
  count: number,
): Promise<number> {
  const [row] = await executeRows<{ last_number: number }>(
    executor,
    sql`insert into invoice_counters (series, year, last_number) values (${series}, ${year}, ${count})
      on conflict (series, year) do update set last_number = invoice_counters.last_number + ${count}
      returning last_number`,
  );
  if (!row) throw new Error("the invoice counter answered no row");
  return Number(row.last_number) - count + 1;
}
