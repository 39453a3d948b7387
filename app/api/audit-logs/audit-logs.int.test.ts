import "@/tests/support/isolated-env";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forwardAuditOutbox } from "@/lib/audit/forwarder";
import type { AuditLogItem } from "@/lib/audit/query";
import { createAnalytics } from "@/lib/platform/analytics";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox } from "@/lib/platform/db/schema/audit";
import type { Paginated } from "@/lib/platform/pagination";
import { completeSetup, createAccount, SUPER_ADMIN } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { GET as listActions } from "./actions/route";
import { GET as listAuditLogs } from "./route";

const BASE = Date.parse("2026-03-01T10:00:00.000Z");
const at = (minutes: number, seconds = 0) => new Date(BASE + minutes * 60_000 + seconds * 1_000);
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const BULK = 25;

let running: Platform;
let adminToken: string;
let ownerId: string;

type Page = Paginated<AuditLogItem>;

async function auditPage(query: string, token = adminToken) {
  return call<Page>(listAuditLogs, { path: `/api/audit-logs${query}`, token });
}

async function okPage(query: string): Promise<Page> {
  const reply = await auditPage(query);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

const actionsOf = (page: Page) => page.items.map((item) => item.action);

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  adminToken = await completeSetup();
  const [owner] = await running.database.rows<{ id: string }>(
    running.database.db,
    sql`select id from users where email = ${SUPER_ADMIN.email}`,
  );
  ownerId = owner?.id ?? "";

  // Only the seeded entries: setup's own (setup.*, auth.login) are dropped before anything reaches ClickHouse.
  await running.database.db.execute(sql`truncate table audit_outbox`);
  await running.analytics.command("TRUNCATE TABLE audit_logs");
  const entry = (
    minutes: number,
    values: Partial<typeof auditOutbox.$inferInsert> & Pick<typeof auditOutbox.$inferInsert, "action">,
  ) => ({
    occurredAt: at(minutes),
    severity: "Info" as const,
    entity: "employee_checkin",
    ...values,
  });
  await running.database.db.insert(auditOutbox).values([
    entry(0, {
      action: "personnel.clock_in",
      actorId: ownerId,
      entityId: "checkin-1",
      data: { source: "MobileApp" },
      traceId: TRACE_ID,
    }),
    entry(1, {
      action: "personnel.manual_checkin",
      severity: "Warning",
      actorId: ownerId,
      entityId: "checkin-2",
      data: { note: "forgot the badge" },
    }),
    entry(2, {
      action: "auth.login_failed",
      severity: "Warning",
      entity: "user",
      entityId: "someone@club.example",
      data: { reason: "bad password" },
    }),
    // Two entries in the same millisecond: the id breaks the tie.
    entry(3, {
      id: "00000000-0000-4000-8000-00000000000a",
      action: "users.created",
      actorId: ownerId,
      entity: "user",
      entityId: "u-1",
    }),
    entry(3, {
      id: "00000000-0000-4000-8000-00000000000b",
      action: "users.updated",
      actorId: ownerId,
      entity: "user",
      entityId: "u-1",
    }),
    entry(4, { action: "roles.deleted", severity: "Critical", actorId: "system-job", entity: "role", entityId: "r-1" }),
    ...Array.from({ length: BULK }, (_, n) =>
      entry(10, {
        occurredAt: at(10, n),
        action: "personnel.clock_out",
        actorId: ownerId,
        entityId: `checkout-${n}`,
        data: { n },
      }),
    ),
  ]);
  expect(await forwardAuditOutbox(running)).toMatchObject({ forwarded: 6 + BULK });
});
afterAll(stopPlatform);

describe("GET /api/audit-logs", () => {
  it("answers newest first, ties broken by id, with the actor resolved and data as an object", async () => {
    const page = await okPage("?pageSize=100");

    expect(page).toMatchObject({ totalCount: 6 + BULK, pageNumber: 1, pageSize: 100, totalPages: 1 });
    expect(actionsOf(page).slice(BULK)).toEqual([
      "roles.deleted",
      "users.updated",
      "users.created",
      "auth.login_failed",
      "personnel.manual_checkin",
      "personnel.clock_in",
    ]);
    const instants = page.items.map((item) => Date.parse(item.occurredAt));
    expect(instants).toEqual([...instants].sort((a, b) => b - a));
    expect(page.items[0]).toMatchObject({
      action: "personnel.clock_out",
      data: { n: BULK - 1 },
      occurredAt: at(10, BULK - 1).toISOString(),
    });

    const clockIn = page.items.at(-1);
    expect(clockIn).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      occurredAt: "2026-03-01T10:00:00.000Z",
      action: "personnel.clock_in",
      severity: "Info",
      actorId: ownerId,
      actor: {
        id: ownerId,
        name: `${SUPER_ADMIN.firstName} ${SUPER_ADMIN.lastName}`,
        email: SUPER_ADMIN.email,
        employeeId: null,
      },
      entity: "employee_checkin",
      entityId: "checkin-1",
      subject: null,
      data: { source: "MobileApp" },
      traceId: TRACE_ID,
    });
    const byAction = new Map(page.items.map((item) => [item.action, item]));
    expect(byAction.get("auth.login_failed")).toMatchObject({ actorId: null, actor: null, traceId: null });
    // An actor id that is no user's id stays as it is, unresolved.
    expect(byAction.get("roles.deleted")).toMatchObject({ actorId: "system-job", actor: null, severity: "Critical" });
  });

  it("orders oldest first when asked", async () => {
    const page = await okPage("?orderDirection=asc&pageSize=5");
    expect(actionsOf(page)).toEqual([
      "personnel.clock_in",
      "personnel.manual_checkin",
      "auth.login_failed",
      "users.created",
      "users.updated",
    ]);
  });

  it("pages with pageNumber and pageSize, without overlaps or gaps", async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((pageNumber) => okPage(`?pageSize=10&pageNumber=${pageNumber}`)));

    expect(pages.map((page) => page.items.length)).toEqual([10, 10, 10, 1]);
    for (const page of pages) expect(page).toMatchObject({ totalCount: 6 + BULK, totalPages: 4, pageSize: 10 });
    const ids = pages.flatMap((page) => page.items.map((item) => item.id));
    expect(new Set(ids).size).toBe(6 + BULK);
    expect(pages[3]?.items[0]?.action).toBe("personnel.clock_in");

    const pastTheEnd = await okPage("?pageSize=10&pageNumber=9");
    expect(pastTheEnd).toMatchObject({ items: [], totalCount: 6 + BULK, pageNumber: 9 });
  });

  it.each([
    ["an exact action", "?action=users.created", ["users.created"]],
    ["an action prefix ending with a dot", "?action=users.", ["users.updated", "users.created"]],
    ["a prefix that is a whole action only matches exactly", "?action=users", []],
    ["one severity", "?severity=Warning", ["auth.login_failed", "personnel.manual_checkin"]],
    [
      "several severities",
      "?severity=Warning,Critical",
      ["roles.deleted", "auth.login_failed", "personnel.manual_checkin"],
    ],
    [
      "repeated severities",
      "?severity=Critical&severity=Warning",
      ["roles.deleted", "auth.login_failed", "personnel.manual_checkin"],
    ],
    ["an actor", "?actorId=system-job", ["roles.deleted"]],
    ["an entity", "?entity=user", ["users.updated", "users.created", "auth.login_failed"]],
    ["an entity id", "?entity=user&entityId=u-1", ["users.updated", "users.created"]],
    [
      "a time range: from inclusive, to exclusive",
      `?from=${at(1).toISOString()}&to=${at(3).toISOString()}`,
      ["auth.login_failed", "personnel.manual_checkin"],
    ],
    [
      "a range given with an offset",
      "?from=2026-03-01T11:01:00%2B01:00&to=2026-03-01T11:03:00.001%2B01:00",
      ["users.updated", "users.created", "auth.login_failed", "personnel.manual_checkin"],
    ],
    ["filters together", `?action=personnel.&severity=Warning&actorId=${"{owner}"}`, ["personnel.manual_checkin"]],
    [
      "empty values, as a cleared form sends them, as no filter",
      "?action=&severity=&entity=&from=&pageSize=3",
      ["personnel.clock_out", "personnel.clock_out", "personnel.clock_out"],
    ],
  ])("filters by %s", async (_name, query, expected) => {
    const page = await okPage(query.replace("{owner}", ownerId));
    expect(actionsOf(page)).toEqual(expected);
    if (!query.includes("pageSize")) expect(page.totalCount).toBe(expected.length);
  });

  it.each([
    ["action", "x' OR 1=1 --"],
    ["action", "x') OR ('1'='1"],
    ["actorId", "' OR actor_id IS NULL OR '"],
    ["entity", "user' UNION ALL SELECT * FROM audit_logs --"],
    ["entityId", "{entityId:String}"],
    ["action", "personnel.\\' OR 1=1; DROP TABLE audit_logs; --."],
  ])("treats a hostile %s as plain text: nothing matches and nothing breaks", async (field, value) => {
    const reply = await auditPage(`?${new URLSearchParams({ [field]: value })}`);

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ items: [], totalCount: 0 });
    expect((await okPage("?pageSize=1")).totalCount).toBe(6 + BULK);
  });

  it.each([
    ["from=yesterday", "from"],
    ["from=2026-03-01T10:00:00", "from"],
    [`from=${at(5).toISOString()}&to=${at(1).toISOString()}`, "to"],
    ["severity=Debug", "severity.0"],
    ["severity=Warning,Nope", "severity.1"],
    ["orderBy=action", "orderBy"],
    ["action=a&action=b", "action"],
    [`entity=${"e".repeat(201)}`, "entity"],
  ])("refuses %s as a 400 validation problem on %s", async (query, field) => {
    const reply = await auditPage(`?${query}`);
    expect(reply.status).toBe(400);
    expect(reply.headers.get("content-type")).toBe("application/problem+json");
    expect(Object.keys((reply.body as unknown as { errors: Record<string, string[]> }).errors)).toContain(field);
  });

  it("lets an Admin read the trail, and refuses an Employee", async () => {
    const admin = await createAccount(adminToken, ["Admin"]);
    const employee = await createAccount(adminToken, ["Employee"]);

    expect((await auditPage("?pageSize=1", admin.token)).status).toBe(200);
    expect(await auditPage("", employee.token)).toMatchObject({ status: 403, body: { code: "Auth.Forbidden" } });
  });

  it("answers 503 problem details while analytics is unavailable", async () => {
    const available = running.analytics;
    running.analytics = createAnalytics({ ...running.config, CLICKHOUSE_URL: "http://127.0.0.1:1" });
    try {
      const reply = await auditPage("");
      expect(reply.status).toBe(503);
      expect(reply.headers.get("content-type")).toBe("application/problem+json");
      expect(reply.body).toMatchObject({ status: 503, traceId: expect.stringMatching(/^[\da-f]{32}$/) });
      expect(JSON.stringify(reply.body)).not.toContain("127.0.0.1");
      expect((await call(listActions, { path: "/api/audit-logs/actions", token: adminToken })).status).toBe(503);
    } finally {
      await running.analytics.close();
      running.analytics = available;
    }
  });
});

describe("GET /api/audit-logs/actions", () => {
  it("lists the distinct actions, sorted", async () => {
    const reply = await call(listActions, { path: "/api/audit-logs/actions", token: adminToken });
    expect(reply).toMatchObject({
      status: 200,
      body: {
        items: [
          "auth.login_failed",
          "personnel.clock_in",
          "personnel.clock_out",
          "personnel.manual_checkin",
          "roles.deleted",
          "users.created",
          "users.updated",
        ],
      },
    });
  });
});
