import { describe, expect, it } from "vitest";
import { auditLogFilter, auditLogQuery, auditLogStatements, fromDateTime64 } from "./query";

const parse = (query: Record<string, string | string[]>) => auditLogQuery.safeParse(query);

describe("auditLogQuery", () => {
  it("defaults to the first page of 20, newest first, unfiltered", () => {
    expect(parse({})).toEqual({
      success: true,
      data: { pageNumber: 1, pageSize: 20, orderBy: "occurredAt", orderDirection: "desc" },
    });
  });

  it("reads instants with a zone, severities comma-separated or repeated, and blank filters as none", () => {
    const parsed = parse({
      from: "2026-03-01T11:00:00+01:00",
      to: "2026-03-02T00:00:00Z",
      severity: "Warning,Critical",
      action: " personnel. ",
      entity: "",
    });
    expect(parsed.data).toMatchObject({
      from: new Date("2026-03-01T10:00:00Z"),
      to: new Date("2026-03-02T00:00:00Z"),
      severity: ["Warning", "Critical"],
      action: "personnel.",
      entity: undefined,
    });
    expect(parse({ severity: ["Info", "Error"] }).data?.severity).toEqual(["Info", "Error"]);
  });

  it.each([
    [{ from: "2026-03-01T10:00:00" }, "from"],
    [{ to: "tomorrow" }, "to"],
    [{ from: "2026-03-02T00:00:00Z", to: "2026-03-01T00:00:00Z" }, "to"],
    [{ from: "2026-03-01T00:00:00Z", to: "2026-03-01T00:00:00Z" }, "to"],
    [{ severity: "warning" }, "severity.0"],
    [{ pageSize: "101" }, "pageSize"],
    [{ orderBy: "action" }, "orderBy"],
    [{ actorId: ["a", "b"] }, "actorId"],
  ])("refuses %j on %s", (query, field) => {
    const parsed = parse(query);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toContain(field);
  });
});

describe("auditLogFilter", () => {
  it("binds every value as a parameter and never writes it into the statement", () => {
    const hostile = "x' OR 1=1 --";
    const filter = auditLogFilter({
      from: new Date("2026-03-01T10:00:00.000Z"),
      to: new Date("2026-03-01T11:00:00.000Z"),
      action: hostile,
      severity: ["Warning", "Warning", "Error"],
      actorId: hostile,
      entity: hostile,
      entityId: hostile,
    });

    expect(filter.sql).toBe(
      "WHERE occurred_at >= {from:DateTime64(3, 'UTC')} AND occurred_at < {to:DateTime64(3, 'UTC')} AND action = {action:String}" +
        " AND severity IN {severities:Array(String)} AND actor_id = {actorId:String} AND entity = {entity:String} AND entity_id = {entityId:String}",
    );
    expect(filter.sql).not.toContain(hostile);
    expect(filter.params).toEqual({
      from: "2026-03-01 10:00:00.000",
      to: "2026-03-01 11:00:00.000",
      action: hostile,
      severities: ["Warning", "Error"],
      actorId: hostile,
      entity: hostile,
      entityId: hostile,
    });
  });

  it("matches an action ending with a dot as a prefix", () => {
    expect(auditLogFilter({ action: "personnel." })).toEqual({
      sql: "WHERE startsWith(action, {actionPrefix:String})",
      params: { actionPrefix: "personnel." },
    });
  });

  it("has no WHERE clause without filters", () => {
    expect(auditLogFilter({})).toEqual({ sql: "", params: {} });
  });
});

describe("auditLogStatements", () => {
  it("pages with bound LIMIT and OFFSET, ordered by time then id in one direction", () => {
    const query = auditLogQuery.parse({ pageNumber: "3", pageSize: "25", orderDirection: "asc", entity: "user" });
    const { page, count } = auditLogStatements(query);

    expect(page.sql).toMatch(/ORDER BY occurred_at ASC, id ASC\s+LIMIT \{limit:UInt32\} OFFSET \{offset:UInt64\}$/);
    expect(page.params).toEqual({ entity: "user", limit: 25, offset: 50 });
    expect(count).toEqual({
      sql: "SELECT count() AS total FROM audit_logs FINAL WHERE entity = {entity:String}",
      params: { entity: "user" },
    });
    expect(auditLogStatements(auditLogQuery.parse({})).page.sql).toContain("ORDER BY occurred_at DESC, id DESC");
  });
});

it("turns ClickHouse's DateTime64 text into an ISO instant", () => {
  expect(fromDateTime64("2026-01-31 23:59:59.123")).toBe("2026-01-31T23:59:59.123Z");
});
