import "@/tests/support/isolated-env";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Employee as EmployeeRecord } from "@/lib/employees/repository";
import { localDate } from "@/lib/platform/calendar";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { employees } from "@/lib/platform/db/schema";
import type { JsonOf } from "@/lib/platform/http/shapes";
import type { Paginated } from "@/lib/platform/pagination";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { auditEntriesOf } from "@/tests/support/audit";
import { resetDatabase } from "@/tests/support/reset-database";
import { GET as me } from "../auth/me/route";
import { POST as createHolidayList } from "../holiday-lists/route";
import { POST as createUser } from "../users/route";
import { GET as getEmployee, PUT as updateEmployee } from "./[id]/route";
import { POST as createEmployee, GET as listEmployees } from "./route";

type Employee = JsonOf<EmployeeRecord>;
type Page = Paginated<Employee>;

const unknownId = "00000000-0000-4000-8000-000000000009";

let running: Platform;
let token: string;
let adminId: string;
let holidayListId: string;
let sequence = 0;

/** A new user (no employee yet) with the given names; returns its id. */
async function newUser(firstName = "Sam", lastName = "Staff"): Promise<string> {
  sequence += 1;
  const reply = await call(createUser, {
    path: "/api/users",
    token,
    body: {
      email: `person${sequence}@club.example`,
      username: `person${sequence}`,
      firstName,
      lastName,
      password: `Temporary-Pass${sequence}x`,
    },
  });
  if (reply.status !== 201) throw new Error(`user not created: ${JSON.stringify(reply.body)}`);
  return String(reply.body.id);
}

const create = (body: object) => call<Employee>(createEmployee, { path: "/api/employees", token, body });
const byId = (id: string) => ({ path: `/api/employees/${id}`, params: { id } });
const update = (id: string, body: object) =>
  call<Employee>(updateEmployee, { ...byId(id), method: "PUT", token, body });
const list = (query: string) => call<Page>(listEmployees, { path: `/api/employees?${query}`, token });
const auditOf = (entityId: string) => auditEntriesOf(running.database, entityId);

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
  adminId = String((await call(me, { path: "/api/auth/me", token })).body.id);
  const list = await call(createHolidayList, {
    path: "/api/holiday-lists",
    token,
    body: { name: "Madrid", weeklyOffDays: [6, 7] },
  });
  holidayListId = String(list.body.id);
});
afterAll(stopPlatform);

describe("POST /api/employees", () => {
  it("makes a user an employee, stores the row and audits it", async () => {
    const userId = await newUser("Elena", "Vidal");
    const reply = await create({ userId });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.any(String),
      userId,
      email: expect.stringMatching(/@club\.example$/),
      firstName: "Elena",
      lastName: "Vidal",
      isActive: true,
      holidayList: null,
      startsOn: localDate(new Date(), running.config.CLUB_TIMEZONE),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: 1,
    });
    const [stored] = await running.database.db.select().from(employees).where(eq(employees.id, reply.body.id));
    expect(stored).toMatchObject({ userId, isActive: true, holidayListId: null, startsOn: reply.body.startsOn });
    expect(await auditOf(reply.body.id)).toMatchObject([
      {
        action: "personnel.employee_created",
        severity: "Info",
        actorId: adminId,
        entity: "employee",
        data: { userId, isActive: true, holidayListId: null, startsOn: reply.body.startsOn },
      },
    ]);
  });

  it("takes an employment start date, past or future, and refuses one that is not a date", async () => {
    expect((await create({ userId: await newUser(), startsOn: "2026-09-01" })).body).toMatchObject({
      startsOn: "2026-09-01",
    });
    expect((await create({ userId: await newUser(), startsOn: "2027-01-04" })).body).toMatchObject({
      startsOn: "2027-01-04",
    });
    for (const startsOn of ["2026-02-30", "24/11/2026", "0000-01-01"]) {
      const reply = await create({ userId: await newUser(), startsOn });
      expect(reply.status, startsOn).toBe(400);
      expect(reply.body).toMatchObject({ errors: { startsOn: [expect.any(String)] } });
    }
  });

  it("takes a holiday list and an initial isActive", async () => {
    const reply = await create({ userId: await newUser(), holidayListId, isActive: false });
    expect(reply).toMatchObject({
      status: 201,
      body: { isActive: false, holidayList: { id: holidayListId, name: "Madrid" } },
    });
  });

  it("answers 409 Employee.AlreadyExists for a user who already is an employee", async () => {
    const userId = await newUser();
    expect((await create({ userId })).status).toBe(201);
    expect(await create({ userId })).toMatchObject({
      status: 409,
      body: { code: "Employee.AlreadyExists", message: expect.any(String) },
    });
  });

  it("lets exactly one of 5 simultaneous creations for one user win (the unique constraint decides)", async () => {
    const userId = await newUser();
    const replies = await Promise.all(Array.from({ length: 5 }, () => create({ userId })));
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
    const refused = replies.filter((reply) => reply.status !== 201);
    expect(refused).toHaveLength(4);
    for (const reply of refused) expect(reply).toMatchObject({ status: 409, body: { code: "Employee.AlreadyExists" } });
    expect(await running.database.db.select().from(employees).where(eq(employees.userId, userId))).toHaveLength(1);
  });

  it("answers 400 Employee.UserNotFound and 400 Employee.HolidayListNotFound, storing nothing", async () => {
    expect(await create({ userId: unknownId })).toMatchObject({ status: 400, body: { code: "Employee.UserNotFound" } });
    const userId = await newUser();
    expect(await create({ userId, holidayListId: unknownId })).toMatchObject({
      status: 400,
      body: { code: "Employee.HolidayListNotFound" },
    });
    expect(await running.database.db.select().from(employees).where(eq(employees.userId, userId))).toHaveLength(0);
  });

  it.each([
    ["a missing userId", {}, "userId"],
    ["a malformed userId", { userId: "42" }, "userId"],
    ["a malformed holidayListId", { userId: unknownId, holidayListId: "x" }, "holidayListId"],
    ["a non-boolean isActive", { userId: unknownId, isActive: "yes" }, "isActive"],
  ])("rejects %s with a validation problem naming the field", async (_case, body, field) => {
    const reply = await create(body);
    expect(reply.status).toBe(400);
    expect(reply.headers.get("content-type")).toBe("application/problem+json");
    expect(reply.body).toMatchObject({ errors: { [field]: expect.any(Array) } });
  });
});

describe("GET /api/employees", () => {
  beforeAll(async () => {
    await running.database.db.delete(employees);
    await create({ userId: await newUser("Ana", "García López"), startsOn: "2026-03-01" });
    await create({ userId: await newUser("Bruno", "Alba"), isActive: false, startsOn: "2026-01-15" });
    await create({ userId: await newUser("Carla", "Zapata"), holidayListId, startsOn: "2026-02-28" });
  });

  it("pages by name (last, then first) with the page shape", async () => {
    const reply = await list("pageSize=2");
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ totalCount: 3, pageNumber: 1, pageSize: 2, totalPages: 2 });
    expect(reply.body.items.map((item) => item.lastName)).toEqual(["Alba", "García López"]);
    expect((await list("pageNumber=2&pageSize=2")).body.items.map((item) => item.lastName)).toEqual(["Zapata"]);
    expect((await list("pageNumber=3&pageSize=2")).body).toMatchObject({ items: [], totalCount: 3 });
    expect((await list("orderDirection=desc")).body.items[0]).toMatchObject({
      lastName: "Zapata",
      holidayList: { name: "Madrid" },
    });
  });

  it("orders by start date", async () => {
    expect((await list("orderBy=startsOn")).body.items.map((item) => item.startsOn)).toEqual([
      "2026-01-15",
      "2026-02-28",
      "2026-03-01",
    ]);
  });

  it("orders by email and createdAt", async () => {
    const byEmail = (await list("orderBy=email&orderDirection=desc")).body.items.map((item) => item.email);
    expect(byEmail).toEqual([...byEmail].sort().reverse());
    expect((await list("orderBy=createdAt")).body.items.map((item) => item.firstName)).toEqual([
      "Ana",
      "Bruno",
      "Carla",
    ]);
  });

  it("searches every word in the user's names and email, ignoring case", async () => {
    expect((await list("search=garcía%20ANA")).body.items.map((item) => item.firstName)).toEqual(["Ana"]);
    const email = (await list("search=zapata")).body.items[0]?.email ?? "";
    expect((await list(`search=${encodeURIComponent(email)}`)).body.items.map((item) => item.lastName)).toEqual([
      "Zapata",
    ]);
    expect((await list("search=%25")).body.totalCount).toBe(0);
  });

  it("filters by isActive", async () => {
    expect((await list("isActive=false")).body).toMatchObject({
      totalCount: 1,
      items: [{ firstName: "Bruno", isActive: false }],
    });
    expect((await list("isActive=true")).body.totalCount).toBe(2);
  });

  it.each([
    ["orderBy=username", "orderBy"],
    ["isActive=maybe", "isActive"],
  ])("rejects %s with a validation problem", async (query, field) => {
    const reply = await list(query);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ status: 400, errors: { [field]: expect.any(Array) } });
  });
});

describe("GET and PUT /api/employees/{id}", () => {
  it("reads one employee", async () => {
    const created = (await create({ userId: await newUser("Dario", "Mendez"), holidayListId })).body;
    const reply = await call<Employee>(getEmployee, { ...byId(created.id), token });
    expect(reply).toMatchObject({ status: 200, body: { ...created } });
  });

  it("answers 404 Employee.NotFound for an unknown id and 400 for a malformed one", async () => {
    expect(await call(getEmployee, { ...byId(unknownId), token })).toMatchObject({
      status: 404,
      body: { code: "Employee.NotFound" },
    });
    expect(await update(unknownId, { isActive: true })).toMatchObject({
      status: 404,
      body: { code: "Employee.NotFound" },
    });
    expect(await call(getEmployee, { ...byId("nope"), token })).toMatchObject({
      status: 400,
      body: { errors: { id: expect.any(Array) } },
    });
  });

  it("deactivates and assigns a holiday list, stores it and audits the change", async () => {
    const created = (await create({ userId: await newUser() })).body;
    const reply = await update(created.id, { isActive: false, holidayListId });
    expect(reply).toMatchObject({
      status: 200,
      body: { id: created.id, isActive: false, holidayList: { id: holidayListId, name: "Madrid" } },
    });
    const [stored] = await running.database.db.select().from(employees).where(eq(employees.id, created.id));
    expect(stored).toMatchObject({ isActive: false, holidayListId });
    expect(stored?.updatedAt.getTime()).toBeGreaterThanOrEqual(stored?.createdAt.getTime() ?? Infinity);
    const [, updated] = await auditOf(created.id);
    expect(updated).toMatchObject({
      action: "personnel.employee_updated",
      severity: "Info",
      actorId: adminId,
      data: { from: { isActive: true, holidayListId: null }, to: { isActive: false, holidayListId } },
    });
  });

  it("clears the holiday list when holidayListId is null or omitted, and audits nothing when nothing changes", async () => {
    const created = (await create({ userId: await newUser(), holidayListId })).body;
    expect((await update(created.id, { isActive: true })).body.holidayList).toBeNull();
    expect((await update(created.id, { isActive: true, holidayListId: null })).status).toBe(200);
    expect((await auditOf(created.id)).map((entry) => entry.action)).toEqual([
      "personnel.employee_created",
      "personnel.employee_updated",
    ]);
  });

  it("answers 400 Employee.HolidayListNotFound for an unknown list and changes nothing", async () => {
    const created = (await create({ userId: await newUser() })).body;
    expect(await update(created.id, { isActive: false, holidayListId: unknownId })).toMatchObject({
      status: 400,
      body: { code: "Employee.HolidayListNotFound" },
    });
    expect((await call<Employee>(getEmployee, { ...byId(created.id), token })).body.isActive).toBe(true);
  });

  it("changes the start date when a PUT names one and keeps it when a PUT omits it, audited", async () => {
    const created = (await create({ userId: await newUser(), startsOn: "2026-11-24" })).body;
    expect((await update(created.id, { isActive: true, startsOn: "2026-11-02" })).body).toMatchObject({
      startsOn: "2026-11-02",
      version: 2,
    });
    expect((await update(created.id, { isActive: true })).body).toMatchObject({ startsOn: "2026-11-02", version: 2 });
    const [, changed, ...rest] = await auditOf(created.id);
    expect(changed).toMatchObject({
      action: "personnel.employee_updated",
      data: { from: { startsOn: "2026-11-24" }, to: { startsOn: "2026-11-02" } },
    });
    expect(rest).toEqual([]);
    expect((await update(created.id, { isActive: true, startsOn: "2026-13-01" })).body).toMatchObject({
      errors: { startsOn: [expect.any(String)] },
    });
  });

  it("rejects a body without isActive with a validation problem", async () => {
    const reply = await update(unknownId, { holidayListId });
    expect(reply).toMatchObject({ status: 400, body: { errors: { isActive: expect.any(Array) } } });
  });
});
