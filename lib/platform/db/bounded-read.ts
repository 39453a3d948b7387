import { sql } from "drizzle-orm";
import type { Database, Transaction } from "./types";

/**
 * Runs `read` in a transaction whose statements PostgreSQL cancels after `timeoutMs`, for reads that must stay short
 * whatever the data (the metrics' counts at scrape time), instead of the connection's DATABASE_STATEMENT_TIMEOUT_MS.
 */
export function withStatementTimeout<T>(
  db: Database,
  timeoutMs: number,
  read: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${Math.trunc(timeoutMs)}`));
    return read(tx);
  });
}
