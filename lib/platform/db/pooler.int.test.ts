import "@/tests/support/isolated-env";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "./postgres";
import type { DatabaseAdapter } from "./types";

// The run through PgBouncer (scripts/test.sh) sets both: DATABASE_URL is the pooler, DATABASE_MIGRATION_URL the server.
const pooledUrl = process.env.DATABASE_URL;
const directUrl = process.env.DATABASE_MIGRATION_URL;

/** The same URL on another database: PgBouncer's `*` entry routes any database name to the server. */
const onDatabase = (url: string, name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();

describe.runIf(pooledUrl && directUrl)("PostgreSQL through a transaction pooler", () => {
  // A database of its own: the statement timeout is stored on the role for one database, and the pooler's server
  // connections keep it, so a short timeout here must not reach the shared test database.
  const name = `pooler_${process.pid}`;
  let admin: postgres.Sql;
  let database: DatabaseAdapter;

  beforeAll(async () => {
    admin = postgres(directUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    database = createPostgresDatabase({
      url: onDatabase(pooledUrl!, name),
      migrationUrl: onDatabase(directUrl!, name),
      preparedStatements: false,
      poolMax: 4,
      connectTimeoutSeconds: 3,
      statementTimeoutMs: 1_000,
    });
    await database.migrate();
  });

  afterAll(async () => {
    await database?.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it("keeps the service's statement timeout, which the pooler drops from the connection, on the role", async () => {
    const [setting] = await database.rows<{ statement_timeout: string }>(database.db, sql`show statement_timeout`);
    expect(setting?.statement_timeout).toBe("1s");
  });

  it("cuts a statement that runs longer than the timeout", async () => {
    await expect(database.rows(database.db, sql`select pg_sleep(5)`)).rejects.toMatchObject({
      cause: { code: "57014" },
    });
  });

  it("answers many statements at once, more than the pool has connections, none of them lost between the pooler's server connections", async () => {
    // Statements without parameters (one message) and with them (Parse and Describe first), interleaved: a client that
    // pipelined the second kind behind the first would have its Describe answered on a server connection the pooler
    // had already handed back at the first one's ReadyForQuery, and would wait for ever (pgbouncer#759).
    const statements = Array.from({ length: 200 }, (_, index) =>
      database.rows<{ n: number }>(database.db, index % 2 ? sql`select 1 as n` : sql`select ${index}::int as n`),
    );
    const answered = await Promise.race([
      Promise.all(statements),
      new Promise<"stuck">((resolve) => setTimeout(() => resolve("stuck"), 10_000).unref()),
    ]);
    expect(answered).not.toBe("stuck");
    expect(answered).toEqual(statements.map((_, index) => [{ n: index % 2 ? 1 : index }]));
  });

  it("answers queries and transactions unprepared, and migrates again under the lock on the direct URL", async () => {
    await database.migrate();
    const count = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return database.rows<{ n: number }>(tx, sql`select count(*)::int as n from users where email = ${"a@b.c"}`);
    });
    expect(count).toEqual([{ n: 0 }]);
  });
});
