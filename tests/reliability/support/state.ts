import { sql } from "drizzle-orm";
import type { DatabaseAdapter } from "@/lib/platform/db";

/** Per application table: its row count and the newest row version's transaction id. */
export type StateFingerprint = Record<string, string>;

/**
 * A fingerprint of every application table, in one statement. Any committed insert or update writes a row version
 * whose xmin is newer than every earlier one, and a committed delete lowers the count, so two equal fingerprints mean
 * no committed change in between; a write that rolled back leaves no visible version and is not counted. (Row locks,
 * SELECT … FOR UPDATE, do not change xmin.)
 *
 * Scanning every table costs milliseconds, and the fuzzer asks before and after each write: the scan is skipped while
 * the server's snapshot (`xmin:xmax:in-progress ids`) is the one the last scan saw. Equal snapshots make the same
 * transactions visible, and a transaction that changes a row gets an id, which moves the snapshot: a request the
 * handler refused before writing (most of the fuzzer's) costs one small query instead of a scan.
 */
export async function stateFingerprinter(database: DatabaseAdapter): Promise<() => Promise<StateFingerprint>> {
  const tables = await database.rows<{ name: string }>(
    database.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  if (tables.length === 0) throw new Error("no application tables: migrate first");
  const counts = tables.map(({ name }) => {
    const literal = `'${name.replace(/'/g, "''")}'`;
    const identifier = `"${name.replace(/"/g, '""')}"`;
    return `select ${literal} as name, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as state from public.${identifier}`;
  });
  // The snapshot in the same statement as the counts, so both see the same transactions.
  const scan = sql.raw(["select '' as name, pg_current_snapshot()::text as state", ...counts].join(" union all "));
  const snapshotNow = sql`select pg_current_snapshot()::text as snapshot`;
  let last: { snapshot: string; fingerprint: StateFingerprint } | undefined;
  return async () => {
    const [now] = await database.rows<{ snapshot: string }>(database.db, snapshotNow);
    if (last && last.snapshot === now?.snapshot) return last.fingerprint;
    const rows = await database.rows<{ name: string; state: string }>(database.db, scan);
    const fingerprint = Object.fromEntries(rows.filter((row) => row.name !== "").map((row) => [row.name, row.state]));
    last = { snapshot: rows.find((row) => row.name === "")?.state ?? "", fingerprint };
    return fingerprint;
  };
}

/** The tables whose fingerprint differs. */
export function changedTables(before: StateFingerprint, after: StateFingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}
