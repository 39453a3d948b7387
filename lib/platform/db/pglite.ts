import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_FOLDER } from "./migrations";
import { observedPgliteClient } from "./observed-client";
import { poolCounter } from "./pool-use";
import { executeRows } from "./rows";
import * as schema from "./schema";
import type { DatabaseAdapter } from "./types";

/**
 * The embedded default: PostgreSQL compiled to WASM, persisted in `dataDir`
 * (or in memory when `dataDir` is undefined). It runs one transaction at a time.
 */
export function createPgliteDatabase(dataDir: string | undefined): DatabaseAdapter {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // btree_gist backs the exclusion constraint that keeps a member's active subscriptions from overlapping;
  // pg_trgm the trigram index of the member search.
  const client = new PGlite({ dataDir, extensions: { btree_gist, pg_trgm } });
  // One connection: a pool of one, whose waiting statements show how busy the embedded database is. Spans and the
  // pool's use come from the view of the client drizzle is given, as on PostgreSQL (./observed-client.ts).
  const pool = poolCounter(1);
  const db = drizzle(observedPgliteClient(client, pool), { schema });
  return {
    kind: "pglite",
    db,
    poolUse: pool.use,
    rows: executeRows,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async migrate() {
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      await client.close();
    },
  };
}
