import { count, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import { offsetOf, type PageRequest, type Paginated, paginated } from "@/lib/platform/pagination";
import type { Executor } from "./types";

/** `select count(*) as n from <table>`, dynamic so the caller can add the joins its list's filter needs. */
export const countRowsOf = (executor: Executor, table: PgTable) =>
  executor.select({ n: count() }).from(table).$dynamic();

type RowCount = ReturnType<typeof countRowsOf>;

/**
 * One page of a list (spec 2.10): its rows under `where` in `orderBy`, which ends in a unique key so that pages
 * neither overlap nor skip a row, and the count of every row under the same `where`, as two statements in parallel.
 */
export async function selectPage<Rows extends PgSelect>(
  list: { rows: Rows; count: RowCount },
  where: SQL | undefined,
  orderBy: (PgColumn | SQL | SQL.Aliased)[],
  page: PageRequest,
): Promise<Paginated<Rows["_"]["result"][number]>> {
  const [items, [counted]] = await Promise.all([
    list.rows
      .where(where)
      .orderBy(...orderBy)
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    list.count.where(where),
  ]);
  return paginated(items, counted?.n ?? 0, page);
}
