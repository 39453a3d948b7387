import "@/tests/support/isolated-env";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "@/tests/support/test-database";
import { fail, ok } from "../result";
import type { DatabaseAdapter } from ".";
import { afterCommit, commitWhatever, rollbackOnFailure } from "./transaction";

let database: DatabaseAdapter;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table if not exists transaction_probe (label text not null)`);
});
afterAll(async () => {
  await database.db.execute(sql`drop table if exists transaction_probe`);
  await database.close();
});

const refused = { code: "Probe.Refused", kind: "conflict", message: "Refused." } as const;

async function labels(): Promise<string[]> {
  const rows = await database.rows<{ label: string }>(database.db, sql`select label from transaction_probe`);
  return rows.map((row) => row.label);
}

describe("transaction helpers", () => {
  it("rollbackOnFailure undoes the writes of work that returns a failure, and runs no after-commit hook", async () => {
    const ran: string[] = [];
    const result = await rollbackOnFailure(database.db, async (tx) => {
      await tx.execute(sql`insert into transaction_probe values ('rolled back')`);
      afterCommit(tx, () => ran.push("hook"));
      return fail(refused);
    });
    expect(result).toEqual({ ok: false, error: refused });
    expect(await labels()).not.toContain("rolled back");
    expect(ran).toEqual([]);
  });

  it("commitWhatever keeps the writes of work that returns a failure, and runs its hooks after the commit", async () => {
    const ran: string[] = [];
    const result = await commitWhatever(database.db, async (tx) => {
      await tx.execute(sql`insert into transaction_probe values ('committed')`);
      afterCommit(tx, () => ran.push("hook"));
      expect(ran).toEqual([]);
      return fail(refused);
    });
    expect(result.ok).toBe(false);
    expect(await labels()).toContain("committed");
    expect(ran).toEqual(["hook"]);
  });

  it("runs no hook when the work throws, and registers none outside a helper's transaction", async () => {
    const ran: string[] = [];
    await expect(
      commitWhatever(database.db, async (tx) => {
        afterCommit(tx, () => ran.push("hook"));
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    afterCommit(database.db, () => ran.push("outside"));
    expect(await rollbackOnFailure(database.db, async () => ok("done"))).toEqual(ok("done"));
    expect(ran).toEqual([]);
  });
});
