import { loadConfig } from "@/lib/config";
import type { DatabaseAdapter } from "@/lib/platform/db";
import { createPgliteDatabase } from "@/lib/platform/db/pglite";
import { createPostgresDatabase } from "@/lib/platform/db/postgres";
import { resetDatabase } from "./reset-database";

/** The run's real PostgreSQL when DATABASE_URL is set, else an in-memory PGlite; migrated and empty. */
export async function createTestDatabase(): Promise<DatabaseAdapter> {
  const config = loadConfig();
  const url = config.DATABASE_URL;
  const database = url
    ? createPostgresDatabase({
        url,
        poolMax: 30,
        connectTimeoutSeconds: 3,
        statementTimeoutMs: 30_000,
        // The run's pooler settings, as the service reads them (scripts/test.sh runs the suite through PgBouncer too).
        preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
        migrationUrl: config.DATABASE_MIGRATION_URL,
      })
    : createPgliteDatabase(undefined);
  await database.migrate();
  await resetDatabase(database);
  return database;
}
