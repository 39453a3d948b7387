import { loadConfig } from "@/lib/config";
import type { DatabaseAdapter } from "@/lib/platform/db";
import { createPostgresDatabase } from "@/lib/platform/db/postgres";
import { resetDatabase } from "./reset-database";

/**
 * A test's own pool on the run's PostgreSQL (DATABASE_URL), with the run's pooler settings as the service reads them:
 * scripts/test.sh also runs the suite through PgBouncer, with prepared statements off and a direct migration URL.
 */
export function createTestPostgres(options: { poolMax: number; statementTimeoutMs: number }): DatabaseAdapter {
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new Error("DATABASE_URL is not set");
  return createPostgresDatabase({
    ...options,
    url: config.DATABASE_URL,
    connectTimeoutSeconds: 3,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
    migrationUrl: config.DATABASE_MIGRATION_URL,
  });
}

/** The run's real PostgreSQL when DATABASE_URL is set, else an in-memory PGlite; migrated and empty. */
export async function createTestDatabase(): Promise<DatabaseAdapter> {
  const database = process.env.DATABASE_URL
    ? createTestPostgres({ poolMax: 30, statementTimeoutMs: 30_000 })
    : (await import("@/lib/platform/db/pglite")).createPgliteDatabase(undefined);
  await database.migrate();
  await resetDatabase(database);
  return database;
}
