import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres, { type Sql } from "postgres";
import { MIGRATIONS_FOLDER } from "./migrations";
import { observedPostgresClient } from "./observed-client";
import { connectionGate, poolCounter } from "./pool-use";
import { preparedStatementPolicy } from "./prepared-statements";
import { executeRows } from "./rows";
import * as schema from "./schema";
import type { DatabaseAdapter } from "./types";

/** Any constant both instances agree on: it serialises migrations across app instances. */
const MIGRATION_LOCK_KEY = 7_264_001;

export type PostgresOptions = {
  url: string;
  poolMax: number;
  connectTimeoutSeconds: number;
  statementTimeoutMs: number;
  /**
   * Prepare drizzle's statements (see prepared-statements.ts); on unless set to false, which is for a transaction
   * pooler: then no statement is prepared, and none is pipelined behind another (see `gate` below).
   */
  preparedStatements?: boolean;
  /** Distinct statements prepared at most; MAX_PREPARED_STATEMENTS unless set. */
  maxPreparedStatements?: number;
  /**
   * A direct PostgreSQL URL for migrations when `url` is a transaction pooler (DATABASE_MIGRATION_URL): the
   * migration lock is session-level, and through the pooler it would stay on a pooled server connection.
   */
  migrationUrl?: string;
};

export function createPostgresDatabase(options: PostgresOptions): DatabaseAdapter {
  const client = postgres(options.url, {
    max: options.poolMax,
    connect_timeout: options.connectTimeoutSeconds,
    idle_timeout: 30,
    // Reconnect at once when asked: the default backoff grows to 20 s, and requests queued behind it would wait that
    // long during an outage instead of failing fast with 503; connection attempts only happen for queued queries.
    backoff: () => 0,
    onnotice: () => {},
    // postgres.js prepares its own tagged queries (ping, locks) too; a transaction pooler cannot keep them.
    prepare: options.preparedStatements !== false,
    connection: { statement_timeout: options.statementTimeoutMs, application_name: "clubops" },
  });
  // Spans, pool gauges and prepared statements, in the one view of the client drizzle is given (./observed-client.ts).
  const pool = poolCounter(options.poolMax);
  const behindPooler = options.preparedStatements === false;
  const prepare = behindPooler ? undefined : preparedStatementPolicy(options.maxPreparedStatements);
  // Behind a transaction pooler, no more statements and transactions at once than the pool has connections. With all
  // its connections busy, postgres.js sends the next statement on one of them while the previous is answered
  // (pipelining); PgBouncer hands the server connection back at the first one's ReadyForQuery, loses the second's
  // answers, and leaves it waiting for ever (pgbouncer#759; lib/platform/db/pooler.int.test.ts).
  const gate = behindPooler ? connectionGate(options.poolMax) : undefined;
  const db = drizzle(observedPostgresClient(client, { url: options.url, pool, prepare, gate }), { schema });
  return {
    kind: "postgres",
    db,
    poolUse: pool.use,
    rows: executeRows,
    async ping() {
      // Through drizzle's client, so the ping waits its turn at the gate like any other statement.
      await db.execute(sql`select 1`);
    },
    async migrate() {
      // A one-connection client, so the advisory lock and the migration share a session.
      const connection = postgres(options.migrationUrl ?? options.url, {
        max: 1,
        connect_timeout: options.connectTimeoutSeconds,
        onnotice: () => {},
        // A migration runs as long as it needs, whatever timeout the role carries (see keepStatementTimeout).
        connection: { statement_timeout: 0 },
      });
      try {
        await connection`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        await migrate(drizzle(connection, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        if (options.migrationUrl) await keepStatementTimeout(connection, options.statementTimeoutMs);
      } finally {
        await connection.end({ timeout: 5 });
      }
    },
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}

/**
 * A transaction pooler (PgBouncer) drops the statement_timeout the pool sends when it connects, so behind one the
 * timeout is stored on the role for this database instead: every server connection the pooler opens for the role
 * starts with it. Ordinary roles may set their own defaults; connections opened before keep their old value.
 */
async function keepStatementTimeout(connection: Sql, statementTimeoutMs: number) {
  const [{ database }] = await connection<[{ database: string }]>`select current_database() as database`;
  const quoted = `"${database.replaceAll('"', '""')}"`;
  await connection.unsafe(
    `alter role current_user in database ${quoted} set statement_timeout = ${statementTimeoutMs}`,
  );
}
