import { describe, expect, it } from "vitest";
import { PAGING_BOUNDS, PAGING_REFUSALS } from "@/tests/support/list-queries";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, offsetOf, paginated, paginationQuery } from "./pagination";

// The one parser of every paged list's pageNumber, pageSize, orderBy and orderDirection: tested here once, not per list.
const query = paginationQuery(["name", "createdAt"], "name");
const issuesOf = (input: Record<string, unknown>) => {
  const parsed = query.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message }));
};

describe("paginationQuery", () => {
  it("defaults to the first page of 20, by the default field, ascending unless the list says otherwise", () => {
    expect(query.parse({})).toEqual({
      pageNumber: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      orderBy: "name",
      orderDirection: "asc",
    });
    expect(paginationQuery(["occurredAt"], "occurredAt", "desc").parse({}).orderDirection).toBe("desc");
  });

  it("reads the query's text as numbers and accepts the bounds", () => {
    expect(query.parse({ pageNumber: "3", pageSize: "100", orderBy: "createdAt", orderDirection: "desc" })).toEqual({
      pageNumber: 3,
      pageSize: MAX_PAGE_SIZE,
      orderBy: "createdAt",
      orderDirection: "desc",
    });
    for (const bounds of PAGING_BOUNDS) expect(issuesOf(bounds), JSON.stringify(bounds)).toEqual([]);
  });

  it.each(PAGING_REFUSALS)("refuses %j, naming %s alone", (input, field) => {
    const issues = issuesOf(input);
    expect(issues.map((issue) => issue.field)).toEqual([field]);
    expect(issues[0]?.message).not.toBe("");
  });

  it("says what is allowed", () => {
    expect(issuesOf({ pageNumber: "0" })).toEqual([{ field: "pageNumber", message: "pageNumber starts at 1." }]);
    expect(issuesOf({ pageSize: "101" })).toEqual([
      { field: "pageSize", message: "pageSize must be between 1 and 100." },
    ]);
    expect(issuesOf({ pageSize: "0" })).toEqual([
      { field: "pageSize", message: "pageSize must be between 1 and 100." },
    ]);
  });

  it("names every wrong parameter at once", () => {
    expect(issuesOf({ pageNumber: "0", pageSize: "0", orderBy: "password" }).map((issue) => issue.field)).toEqual([
      "pageNumber",
      "pageSize",
      "orderBy",
    ]);
  });
});

describe("paginated and offsetOf", () => {
  it("count pages up, and an empty collection has none", () => {
    expect(paginated(["a"], 41, { pageNumber: 3, pageSize: 20 })).toEqual({
      items: ["a"],
      totalCount: 41,
      pageNumber: 3,
      pageSize: 20,
      totalPages: 3,
    });
    expect(paginated([], 0, { pageNumber: 1, pageSize: 20 }).totalPages).toBe(0);
    expect(offsetOf({ pageNumber: 1, pageSize: 20 })).toBe(0);
    expect(offsetOf({ pageNumber: 3, pageSize: 20 })).toBe(40);
  });
});
