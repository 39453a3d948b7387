import type { Executor } from "./types";

/**
 * Memoises, per database handle or transaction, a query a hot path runs on every request: built once with
 * `sql.placeholder` where its values go and `.prepare()`d, then executed with fresh values. drizzle's building
 * walks every chunk of the query, which for a small indexed lookup costs more CPU than PostgreSQL spends
 * answering it.
 */
export function builtOncePerExecutor<T>(build: (executor: Executor) => T): (executor: Executor) => T {
  const built = new WeakMap<Executor, T>();
  return (executor) => {
    let query = built.get(executor);
    if (query === undefined) {
      query = build(executor);
      built.set(executor, query);
    }
    return query;
  };
}
