/**
 * Paging queries the shared parser (`paginationQuery`, lib/platform/pagination.ts) refuses, with the parameter the 400
 * names. Checked once on the parser and, through each route's declared query schema, on every paged list
 * (app/api/openapi.json/registry.test.ts); a list's integration tests keep only its own filters and sort keys.
 */
export const PAGING_REFUSALS: readonly (readonly [query: Record<string, string | string[]>, field: string])[] = [
  [{ pageNumber: "0" }, "pageNumber"],
  [{ pageNumber: "-1" }, "pageNumber"],
  [{ pageNumber: "1.5" }, "pageNumber"],
  [{ pageNumber: "abc" }, "pageNumber"],
  [{ pageSize: "0" }, "pageSize"],
  [{ pageSize: "101" }, "pageSize"],
  [{ pageSize: "2.5" }, "pageSize"],
  // A repeated key arrives as an array (lib/http/route.ts queryObject).
  [{ pageSize: ["10", "20"] }, "pageSize"],
  [{ orderBy: "notAField" }, "orderBy"],
  [{ orderDirection: "sideways" }, "orderDirection"],
];

/** The bounds, which every paged list accepts. */
export const PAGING_BOUNDS: readonly Record<string, string>[] = [
  { pageNumber: "1", pageSize: "1", orderDirection: "asc" },
  { pageNumber: "1000000", pageSize: "100", orderDirection: "desc" },
];
