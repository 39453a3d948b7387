import type { SQL } from "drizzle-orm";
import type { Executor } from "./types";

/** postgres.js returns an array of rows, PGlite an object with `rows`; callers see an array either way. */
export async function executeRows<T extends Record<string, unknown>>(executor: Executor, statement: SQL): Promise<T[]> {
  const result: unknown = await executor.execute(statement);
  if (Array.isArray(result)) return result as T[];
  if (typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)) {
    return result.rows as T[];
  }
  throw new TypeError("unrecognised query result shape");
}
