import { sql } from "drizzle-orm";
import type { DatabaseAdapter } from "@/lib/platform/db";

/** Per application table: its row count and the newest row version's transaction id. */
export type StateFingerprint = Record<string, string>;

/**
 * A cheap fingerprint of every application table, in one statement. Any committed insert or update writes a row
 * version whose xmin is newer than every earlier one, and a committed delete lowers the count, so two equal
 * fingerprints mean no committed change in between; a write that rolled back leaves no visible version and is
 * not counted. (Row locks, SELECT … FOR UPDATE, do not change xmin.)
 */
export async function stateFingerprinter(database: DatabaseAdapter): Promise<() => Promise<StateFingerprint>> {
  const tables = await database.rows<{ name: string }>(
    database.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  if (tables.length === 0) throw new Error("no application tables: migrate first");
  const statement = tables
    .map(({ name }) => {
      const literal = `'${name.replace(/'/g, "''")}'`;
      const identifier = `"${name.replace(/"/g, '""')}"`;
      return `select ${literal} as name, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as state from public.${identifier}`;
    })
    .join(" union all ");
  return async () => {
    const rows = await database.rows<{ name: string; state: string }>(database.db, sql.raw(statement));
    return Object.fromEntries(rows.map((row) => [row.name, row.state]));
  };
}

/** The tables whose fingerprint differs. */
export function changedTables(before: StateFingerprint, after: StateFingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}
