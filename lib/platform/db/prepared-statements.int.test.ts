import "@/tests/support/isolated-env";
import { inArray, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { afterEach, describe, expect, it } from "vitest";
import { directDatabaseUrl } from "@/tests/support/postgres-databases";
import { createPostgresDatabase } from "./postgres";
import { MAX_PREPARED_PARAMETERS } from "./prepared-statements";
import { users } from "./schema";
import type { DatabaseAdapter, Executor } from "./types";

const url = directDatabaseUrl();

describe.runIf(url)("prepared statements on PostgreSQL", () => {
  let database: DatabaseAdapter | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  /** One connection, so the session that ran the query is the one whose prepared statements are listed. */
  async function open(preparedStatements?: boolean, maxPreparedStatements?: number) {
    database = createPostgresDatabase({
      url: url!,
      poolMax: 1,
      connectTimeoutSeconds: 3,
      statementTimeoutMs: 10_000,
      preparedStatements,
      maxPreparedStatements,
    });
    await database.migrate();
    return database;
  }

  const preparedTexts = async (executor: Executor, adapter: DatabaseAdapter) =>
    (await adapter.rows<{ statement: string }>(executor, sql`select statement from pg_prepared_statements`)).map(
      (row) => row.statement,
    );

  const byEmail = (executor: Executor, email: string) =>
    executor.select({ id: users.id }).from(users).where(sql`${users.email} = ${email}`);

  it("prepares drizzle's queries once per connection, in and out of transactions", async () => {
    const adapter = await open();
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) await byEmail(adapter.db, email);
    const inTransaction = await adapter.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(sql`${users.username} = ${"owner"}`);
      return preparedTexts(tx, adapter);
    });
    const byEmailText = 'select "id" from "users" where "users"."email" = $1';
    expect(inTransaction.filter((text) => text === byEmailText)).toHaveLength(1);
    expect(inTransaction).toContain('select "id" from "users" where "users"."username" = $1');
  });

  it("keeps an ON CONFLICT arbiter whose condition is a literal after PostgreSQL switches to a generic plan", async () => {
    const adapter = await open();
    // One connection, so the temporary table and the prepared statement live in the same session.
    await adapter.db.execute(sql`create temporary table open_items (item int not null, status text not null)`);
    await adapter.db.execute(sql`create unique index open_items_one_open on open_items (item) where status = 'Open'`);
    const insertOpen = (item: number, status: string) =>
      adapter.db.execute(
        sql`insert into open_items values (${item}, ${status}) on conflict (item) where status = 'Open' do nothing`,
      );
    for (let item = 0; item < 10; item += 1) await insertOpen(item, "Open");
    await insertOpen(3, "Open");
    expect((await adapter.rows<{ n: number }>(adapter.db, sql`select count(*)::int as n from open_items`))[0]?.n).toBe(
      10,
    );
    // The same condition as a bound value: the generic plan of the sixth run cannot use the index, and fails.
    const insertBound = (item: number) =>
      adapter.db.execute(
        sql`insert into open_items values (${item}, ${"Open"}) on conflict (item) where status = ${"Open"} do nothing`,
      );
    const runs = Array.from({ length: 8 }, (_, run) => run + 100);
    await expect(
      (async () => {
        for (const item of runs) await insertBound(item);
      })(),
    ).rejects.toThrow();
  });

  it("leaves bulk statements (over the parameter limit) unprepared", async () => {
    const adapter = await open();
    const ids = Array.from({ length: MAX_PREPARED_PARAMETERS + 1 }, () => crypto.randomUUID());
    await adapter.db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    expect((await preparedTexts(adapter.db, adapter)).some((text) => text.includes('"users"."id" in'))).toBe(false);
  });

  it("prepares at most the bound of distinct statements; the ones beyond it run unprepared", async () => {
    const adapter = await open(true, 2);
    const byColumn = (column: AnyPgColumn) =>
      adapter.db.select({ id: users.id }).from(users).where(sql`${column} = ${"x"}`);
    for (let run = 0; run < 2; run += 1) {
      for (const column of [users.email, users.username, users.firstName]) await byColumn(column);
    }
    const texts = (await preparedTexts(adapter.db, adapter)).filter((text) =>
      text.startsWith('select "id" from "users"'),
    );
    expect(texts.sort()).toEqual([
      'select "id" from "users" where "users"."email" = $1',
      'select "id" from "users" where "users"."username" = $1',
    ]);
  });

  it("prepares nothing at all when switched off (DATABASE_PREPARED_STATEMENTS=false), as a transaction pooler needs", async () => {
    const adapter = await open(false);
    await byEmail(adapter.db, "a@example.com");
    // The adapter's own queries go through postgres.js's tagged templates, which it would otherwise prepare.
    await adapter.ping();
    expect(await preparedTexts(adapter.db, adapter)).toEqual([]);
  });
});
