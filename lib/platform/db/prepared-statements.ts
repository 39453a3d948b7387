import type { Sql } from "postgres";

/**
 * Statements with more parameters than this stay unprepared: they are bulk writes (multi-row inserts, long IN
 * lists) whose text changes with the row count, so preparing them would fill each connection's statement cache
 * with shapes that are seldom reused, for a parse that costs little next to their execution.
 */
export const MAX_PREPARED_PARAMETERS = 100;

type UnsafeOptions = { prepare?: boolean };
type Unsafe = (text: string, parameters?: unknown[], options?: UnsafeOptions) => unknown;
type ScopedCallback = (scoped: Sql) => unknown;

/**
 * drizzle runs every query through `unsafe(text, parameters, { prepare: false })` (drizzle-orm#6096), so
 * PostgreSQL parses and plans each one anew and postgres.js spends two round trips on any query with parameters
 * (describe, then bind and execute). This view of the client prepares them instead, as postgres.js does its own
 * tagged queries: a statement is parsed once per connection, then costs one bind-and-execute round trip. The
 * transaction and savepoint clients drizzle receives from `begin` and `savepoint` get the same view.
 */
export function preparingClient(client: Sql): Sql {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        const unsafe = Reflect.get(target, property, receiver) as Unsafe;
        return (text: string, parameters: unknown[] = [], options: UnsafeOptions = {}) =>
          unsafe(text, parameters, { ...options, prepare: parameters.length <= MAX_PREPARED_PARAMETERS });
      }
      if (property === "begin" || property === "savepoint") {
        const open = Reflect.get(target, property, receiver) as (...args: unknown[]) => unknown;
        // begin(options?, callback) and savepoint(name?, callback): the callback comes last.
        return (...args: unknown[]) => {
          const callback = args.at(-1) as ScopedCallback;
          return open(...args.slice(0, -1), (scoped: Sql) => callback(preparingClient(scoped)));
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}
