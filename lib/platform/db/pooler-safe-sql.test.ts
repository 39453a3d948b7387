import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Behind a transaction pooler (PgBouncer in transaction mode, docs/operations.md) each transaction may run on another
 * server session, so SQL that leaves state on the session works in tests on one server and fails, or leaks into
 * another client's transaction, in production. The pooled test lane runs only the files that touch session state
 * (vitest.config.ts); this check keeps lib/ from growing new session state the lane would not run.
 */
const SESSION_STATE: Record<string, RegExp> = {
  "session-level SET (use SET LOCAL inside a transaction)": /[`;]\s*set\s+(?!local\b)(session\s+)?\w+\s*(=|to\b)/gi,
  "session-level advisory lock (use pg_advisory_xact_lock)": /pg_(try_)?advisory_lock(_shared)?\s*\(/gi,
  "LISTEN/UNLISTEN": /[`;]\s*(un)?listen\s+\w/gi,
  "PREPARE/EXECUTE/DEALLOCATE by name": /[`;]\s*(prepare|execute|deallocate)\s+\w/gi,
  "temporary table": /create\s+(temp|temporary)\s+table/gi,
  "cursor WITH HOLD": /\bwith\s+hold\b/gi,
};

/**
 * The one allowed use: migrations hold a session-level lock on their own one-connection client, on the direct
 * server URL (DATABASE_MIGRATION_URL), never through the pooler.
 */
const ALLOWED = ["lib/platform/db/postgres.ts: session-level advisory lock (use pg_advisory_xact_lock)"];

const ROOT = path.resolve(import.meta.dirname, "../../..");

function sessionStateIn(text: string): string[] {
  return Object.entries(SESSION_STATE).flatMap(([what, pattern]) => (text.match(pattern) ?? []).map(() => what));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

describe("SQL in lib/ keeps no state on the server session", () => {
  it("finds each kind of session state", () => {
    expect(
      sessionStateIn(`
        sql\`set statement_timeout = 0\`; sql\`SET SESSION jit TO off\`; sql.raw(\`set search_path to x\`);
        sql\`select pg_advisory_lock(1)\`; sql\`select pg_try_advisory_lock_shared(1)\`;
        sql\`listen jobs\`; sql\`prepare q as select 1\`; sql\`create temporary table t (id int)\`;
        sql\`declare c cursor with hold for select 1\`;
      `),
    ).toEqual([
      "session-level SET (use SET LOCAL inside a transaction)",
      "session-level SET (use SET LOCAL inside a transaction)",
      "session-level SET (use SET LOCAL inside a transaction)",
      "session-level advisory lock (use pg_advisory_xact_lock)",
      "session-level advisory lock (use pg_advisory_xact_lock)",
      "LISTEN/UNLISTEN",
      "PREPARE/EXECUTE/DEALLOCATE by name",
      "temporary table",
      "cursor WITH HOLD",
    ]);
  });

  it("lets through what a transaction keeps to itself", () => {
    expect(
      sessionStateIn(`
        sql\`set local jit = off\`; sql.raw(\`set local statement_timeout = 5\`);
        sql\`update employee_checkins set closed_at = now()\`; sql\`select pg_advisory_xact_lock(1)\`;
        server.listen(port); sql\`alter role current_user in database x set statement_timeout = 1\`;
      `),
    ).toEqual([]);
  });

  it("has none outside the migration lock", () => {
    const found = sourceFiles(path.join(ROOT, "lib")).flatMap((file) =>
      sessionStateIn(readFileSync(file, "utf8")).map((what) => `${path.relative(ROOT, file)}: ${what}`),
    );
    expect(found).toEqual(ALLOWED);
  });
});
