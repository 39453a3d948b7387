import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { PoolUse } from "./pool-use";
import type * as schema from "./schema";

type Schema = typeof schema;

/** The drizzle handle every service receives; the same type on PostgreSQL and PGlite. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Services take this first, so they run alone or inside the caller's transaction. */
export type Executor = Database | Transaction;

export interface DatabaseAdapter {
  readonly kind: "postgres" | "pglite";
  readonly db: Database;
  /** Rows of a raw statement, whatever shape the driver returns them in. */
  rows<T extends Record<string, unknown>>(executor: Executor, statement: SQL): Promise<T[]>;
  /** Connections in use by this process's statements and transactions now, of at most `max`. */
  poolUse(): PoolUse;
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}
