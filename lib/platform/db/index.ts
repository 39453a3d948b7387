import path from "node:path";
import type { Config } from "@/lib/config";
import { createPostgresDatabase } from "./postgres";
import type { DatabaseAdapter } from "./types";

export type { Database, DatabaseAdapter, Executor, Transaction } from "./types";

/**
 * PostgreSQL at DATABASE_URL, else PGlite persisted under DATA_DIR/pglite. PGlite (PostgreSQL in WASM) is loaded only
 * then: a server on PostgreSQL, and each integration test file on it, skips about a second of loading it.
 */
export async function createDatabase(config: Config): Promise<DatabaseAdapter> {
  if (config.DATABASE_URL) {
    return createPostgresDatabase({
      url: config.DATABASE_URL,
      poolMax: config.DATABASE_POOL_MAX,
      connectTimeoutSeconds: config.DATABASE_CONNECT_TIMEOUT_SECONDS,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
      migrationUrl: config.DATABASE_MIGRATION_URL,
    });
  }
  const { createPgliteDatabase } = await import("./pglite");
  return createPgliteDatabase(path.join(config.dataDir, "pglite"));
}
