import "@/tests/support/isolated-env";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditActorChoice } from "@/lib/audit/actors";
import { forwardAuditOutbox } from "@/lib/audit/forwarder";
import type { AuditLogItem } from "@/lib/audit/query";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, employees, members, plans, subscriptions } from "@/lib/platform/db/schema";
import type { Paginated } from "@/lib/platform/pagination";
import { type Account, completeSetup, createAccount, SUPER_ADMIN } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { GET as listActors } from "./actors/route";
import { GET as listAuditLogs } from "./route";

// The names the viewer reads beside the trail's ids (docs/api.md, Audit log): actors and subjects resolved from
// PostgreSQL in batches, and the people its actor filter offers.

let running: Platform;
let adminToken: string;
let ownerId: string;
let clerk: Account;
let clerkEmployeeId: string;
let memberId: string;
let subscriptionId: string;
let planId: string;
const GONE = "00000000-0000-4000-8000-0000000000ff";

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  adminToken = await completeSetup();
  const { db } = running.database;
  const [owner] = await running.database.rows<{ id: string }>(
    db,
    sql`select id from users where email = ${SUPER_ADMIN.email}`,
  );
  ownerId = owner?.id ?? "";
  clerk = await createAccount(adminToken, ["Admin"]);
  await db.execute(sql`update users set first_name = 'Andrés', last_name = 'Romero' where id = ${clerk.id}`);
  const [employee] = await db.insert(employees).values({ userId: clerk.id }).returning({ id: employees.id });
  clerkEmployeeId = employee?.id ?? "";
  const [plan] = await db
    .insert(plans)
    .values({ name: "Rowing monthly", code: "ROW-M", monthlyPrice: "40.00" })
    .returning({ id: plans.id });
  planId = plan?.id ?? "";
  const [member] = await db
    .insert(members)
    .values({ firstName: "Lucía", lastName: "Gómez", email: "lucia@club.example" })
    .returning({ id: members.id });
  memberId = member?.id ?? "";
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      memberId,
      planId,
      billingPeriod: "monthly",
      startedAt: new Date("2026-03-01T00:00:00Z"),
      endsAt: new Date("2026-04-01T00:00:00Z"),
      price: "40.00",
      currency: "EUR",
    })
    .returning({ id: subscriptions.id });
  subscriptionId = subscription?.id ?? "";

  await db.execute(sql`truncate table audit_outbox`);
  await running.analytics.command("TRUNCATE TABLE audit_logs");
  const at = (minute: number) => new Date(Date.parse("2026-03-01T10:00:00.000Z") + minute * 60_000);
  await db.insert(auditOutbox).values([
    {
      occurredAt: at(0),
      action: "members.created",
      severity: "Info",
      actorId: clerk.id,
      entity: "member",
      entityId: memberId,
    },
    {
      occurredAt: at(1),
      action: "subscriptions.canceled",
      severity: "Warning",
      actorId: ownerId,
      entity: "subscription",
      entityId: subscriptionId,
    },
    {
      occurredAt: at(2),
      action: "plans.updated",
      severity: "Info",
      actorId: ownerId,
      entity: "plan",
      entityId: planId,
    },
    {
      occurredAt: at(3),
      action: "personnel.clock_in",
      severity: "Info",
      actorId: clerk.id,
      entity: "employee",
      entityId: clerkEmployeeId,
    },
    {
      occurredAt: at(4),
      action: "users.updated",
      severity: "Info",
      actorId: ownerId,
      entity: "user",
      entityId: clerk.id,
    },
    {
      occurredAt: at(5),
      action: "members.deleted",
      severity: "Warning",
      actorId: ownerId,
      entity: "member",
      entityId: GONE,
    },
    {
      occurredAt: at(6),
      action: "jobs.run_requested",
      severity: "Info",
      actorId: ownerId,
      entity: "job",
      entityId: "deliver-mail",
    },
  ]);
  await forwardAuditOutbox(running);
});
afterAll(stopPlatform);

const byAction = async (token = adminToken) => {
  const reply = await call<Paginated<AuditLogItem>>(listAuditLogs, { path: "/api/audit-logs?pageSize=100", token });
  expect(reply.status).toBe(200);
  return new Map(reply.body.items.map((item) => [item.action, item]));
};

describe("GET /api/audit-logs names who acted and what it was about", () => {
  it("names each entry's subject as the record is now, and links an employee's actor to their employee record", async () => {
    const entries = await byAction();
    expect(entries.get("members.created")).toMatchObject({
      actor: { id: clerk.id, name: "Andrés Romero", email: clerk.email, employeeId: clerkEmployeeId },
      subject: { kind: "member", id: memberId, name: "Lucía Gómez" },
    });
    // A subscription's entry is about its member; an attendance event's about its employee.
    expect(entries.get("subscriptions.canceled")?.subject).toEqual({
      kind: "member",
      id: memberId,
      name: "Lucía Gómez",
    });
    expect(entries.get("personnel.clock_in")?.subject).toEqual({
      kind: "employee",
      id: clerkEmployeeId,
      name: "Andrés Romero",
    });
    expect(entries.get("plans.updated")?.subject).toEqual({ kind: "plan", id: planId, name: "Rowing monthly" });
    expect(entries.get("users.updated")).toMatchObject({
      actor: { id: ownerId, employeeId: null },
      subject: { kind: "user", id: clerk.id, name: "Andrés Romero" },
    });
    // A record that is gone, and an entity that is no record, have no subject; the entry keeps its ids.
    expect(entries.get("members.deleted")).toMatchObject({ entityId: GONE, subject: null });
    expect(entries.get("jobs.run_requested")).toMatchObject({ entityId: "deliver-mail", subject: null });
  });

  it("resolves the names in a few batched queries, not one per entry", async () => {
    const queries: string[] = [];
    const { db } = running.database;
    const original = db.select.bind(db);
    db.select = ((...args: Parameters<typeof original>) => {
      queries.push("select");
      return original(...args);
    }) as typeof db.select;
    try {
      await byAction();
    } finally {
      db.select = original;
    }
    // One for the actors, one per kind of subject on the page (member, subscription, plan, employee, user).
    expect(queries.length).toBe(6);
  });
});

describe("GET /api/audit-logs/actors", () => {
  const actors = async (search: string, token = adminToken) =>
    call<{ items: AuditActorChoice[] }>(listActors, {
      path: `/api/audit-logs/actors?search=${encodeURIComponent(search)}`,
      token,
    });

  it("finds people by part of their name or email, ignoring case, ordered by name", async () => {
    expect((await actors("romero")).body).toEqual({
      items: [{ id: clerk.id, name: "Andrés Romero", email: clerk.email }],
    });
    expect((await actors("OWNER@")).body.items.map((item) => item.id)).toEqual([ownerId]);
    expect((await actors("")).body.items.map((item) => item.name)).toEqual(["Andrés Romero", "Olga Owner"]);
    // LIKE wildcards are searched for as the characters they are.
    expect((await actors("%")).body.items).toEqual([]);
  });

  it("refuses a search longer than 200 characters", async () => {
    const reply = await actors("x".repeat(201));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ errors: { search: expect.any(Array) } });
  });

  it("answers 401 without a token and 403 without audit:read", async () => {
    expect((await call(listActors, { path: "/api/audit-logs/actors", token: undefined })).status).toBe(401);
    const employee = await createAccount(adminToken, ["Employee"]);
    expect(await actors("a", employee.token)).toMatchObject({ status: 403, body: { code: "Auth.Forbidden" } });
  });
});
