import { sql } from "drizzle-orm";
import type { DatabaseAdapter } from "@/lib/platform/db";

/**
 * Empties every application table. A real PostgreSQL server is shared by the
 * test files of a run; a PGlite database lives in the file's own data directory.
 */
export async function resetDatabase(database: DatabaseAdapter): Promise<void> {
  const tables = await database.rows<{ name: string }>(
    database.db,
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  if (tables.length === 0) return;
  await database.db.execute(sql.raw(`truncate ${tables.map((t) => t.name).join(", ")} restart identity cascade`));
}
