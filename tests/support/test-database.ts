import type { DatabaseAdapter } from "@/lib/platform/db";
import { createPgliteDatabase } from "@/lib/platform/db/pglite";
import { createPostgresDatabase } from "@/lib/platform/db/postgres";
import { resetDatabase } from "./reset-database";

/** The run's real PostgreSQL when DATABASE_URL is set, else an in-memory PGlite; migrated and empty. */
export async function createTestDatabase(): Promise<DatabaseAdapter> {
  const url = process.env.DATABASE_URL;
  const database = url
    ? createPostgresDatabase({ url, poolMax: 30, connectTimeoutSeconds: 3, statementTimeoutMs: 30_000 })
    : createPgliteDatabase(undefined);
  await database.migrate();
  await resetDatabase(database);
  return database;
}
