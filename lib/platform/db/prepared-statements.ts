import type { Sql } from "postgres";

/**
 * Statements with more parameters than this stay unprepared: they are bulk writes (multi-row inserts, long IN
 * lists) whose text changes with the row count, so preparing them would fill each connection's statement cache
 * with shapes that are seldom reused, for a parse that costs little next to their execution.
 */
export const MAX_PREPARED_PARAMETERS = 100;

/**
 * How many distinct statements are prepared at most. A prepared statement holds server memory on every connection
 * that ran it (10 to 90 KB measured; the member list's are the largest), and the SQL of a search grows with its
 * number of words, so without a bound a caller could make each connection keep thousands. The application's own
 * statements number a few hundred; any beyond the bound run unprepared, as drizzle would run them.
 */
const MAX_PREPARED_STATEMENTS = 500;

type UnsafeOptions = { prepare?: boolean };
type Unsafe = (text: string, parameters?: unknown[], options?: UnsafeOptions) => unknown;
type ScopedCallback = (scoped: Sql) => unknown;

/**
 * drizzle runs every query through `unsafe(text, parameters, { prepare: false })` (drizzle-orm#6096), so
 * PostgreSQL parses and plans each one anew and postgres.js spends two round trips on any query with parameters
 * (describe, then bind and execute). This view of the client prepares them instead, as postgres.js does its own
 * tagged queries: a statement is parsed once per connection, then costs one bind-and-execute round trip. The
 * transaction and savepoint clients drizzle receives from `begin` and `savepoint` get the same view.
 *
 * From its sixth run PostgreSQL may plan a prepared statement once for any values (a generic plan), when that is
 * no costlier. Such a plan cannot match `ON CONFLICT (…) WHERE column = $1` to a partial unique index, and the
 * statement fails: write the condition of an ON CONFLICT arbiter as a literal (lib/attendance/requests.ts). The
 * test run's PostgreSQL forces generic plans (scripts/test.sh), so such a statement fails the tests at once.
 * Planning every run with its values instead (`plan_cache_mode=force_custom_plan`) cost 17% of the member list's
 * throughput.
 */
export function preparingClient(client: Sql, maxStatements = MAX_PREPARED_STATEMENTS): Sql {
  const prepared = new Set<string>();
  const shouldPrepare = (text: string, parameterCount: number) => {
    // Without parameters postgres.js sends the text in one simple-protocol message, prepared or not.
    if (parameterCount === 0 || parameterCount > MAX_PREPARED_PARAMETERS) return false;
    if (prepared.has(text)) return true;
    if (prepared.size >= maxStatements) return false;
    prepared.add(text);
    return true;
  };
  const view = (target: Sql): Sql =>
    new Proxy(target, {
      get(scoped, property, receiver) {
        if (property === "unsafe") {
          const unsafe = Reflect.get(scoped, property, receiver) as Unsafe;
          return (text: string, parameters: unknown[] = [], options: UnsafeOptions = {}) =>
            unsafe(text, parameters, { ...options, prepare: shouldPrepare(text, parameters.length) });
        }
        if (property === "begin" || property === "savepoint") {
          const open = Reflect.get(scoped, property, receiver) as (...args: unknown[]) => unknown;
          // begin(options?, callback) and savepoint(name?, callback): the callback comes last.
          return (...args: unknown[]) => {
            const callback = args.at(-1) as ScopedCallback;
            return open(...args.slice(0, -1), (inner: Sql) => callback(view(inner)));
          };
        }
        return Reflect.get(scoped, property, receiver);
      },
    });
  return view(client);
}
