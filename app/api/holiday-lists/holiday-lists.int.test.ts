import "@/tests/support/isolated-env";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { employees, holidayEntries, holidayLists } from "@/lib/platform/db/schema";
import { completeSetup, createAccount } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { auditEntriesOf } from "@/tests/support/audit";
import { resetDatabase } from "@/tests/support/reset-database";
import { PUT as updateEmployee } from "../employees/[id]/route";
import { POST as createEmployee } from "../employees/route";
import { GET as listPresets } from "../holiday-presets/route";
import { POST as applyPresetRoute } from "./[id]/presets/route";
import { DELETE as deleteList, GET as getList, PUT as updateList } from "./[id]/route";
import { POST as createList, GET as listLists } from "./route";

type HolidayList = {
  id: string;
  name: string;
  weeklyOffDays: number[];
  entries: Array<{ date: string; description: string | null }>;
  entryCount: number;
  employeeCount: number;
  isDefault: boolean;
  version: number;
};
type Page = { items: HolidayList[]; totalCount: number; pageNumber: number; pageSize: number; totalPages: number };

const unknownId = "00000000-0000-4000-8000-000000000009";
const madrid = {
  name: "Madrid 2026",
  weeklyOffDays: [7, 6],
  entries: [
    { date: "2026-12-25", description: "Christmas" },
    { date: "2026-01-01", description: "New Year" },
    { date: "2026-05-15" },
  ],
};

let running: Platform;
let token: string;
let employeeId: string;

const create = (body: object) => call<HolidayList>(createList, { path: "/api/holiday-lists", token, body });
const byId = (id: string) => ({ path: `/api/holiday-lists/${id}`, params: { id } });
const read = (id: string) => call<HolidayList>(getList, { ...byId(id), token });
const update = (id: string, body: object) => call<HolidayList>(updateList, { ...byId(id), method: "PUT", token, body });
const remove = (id: string) => call(deleteList, { ...byId(id), method: "DELETE", token });
const list = (query: string) => call<Page>(listLists, { path: `/api/holiday-lists?${query}`, token });
const assign = (holidayListId: string | null) =>
  call(updateEmployee, {
    path: `/api/employees/${employeeId}`,
    params: { id: employeeId },
    method: "PUT",
    token,
    body: { isActive: true, holidayListId },
  });
const storedEntries = (id: string) =>
  running.database.db
    .select({ date: holidayEntries.date, description: holidayEntries.description })
    .from(holidayEntries)
    .where(eq(holidayEntries.holidayListId, id))
    .orderBy(asc(holidayEntries.date));
const auditOf = (entityId: string) => auditEntriesOf(running.database, entityId);

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
  const account = await createAccount(token, ["Employee"]);
  employeeId = String(
    (await call(createEmployee, { path: "/api/employees", token, body: { userId: account.id } })).body.id,
  );
});
afterAll(stopPlatform);

describe("POST /api/holiday-lists", () => {
  it("creates a list with sorted weekly off days and date-sorted entries, stored and audited", async () => {
    const reply = await create(madrid);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      name: "Madrid 2026",
      weeklyOffDays: [6, 7],
      entries: [
        { date: "2026-01-01", description: "New Year" },
        { date: "2026-05-15", description: null },
        { date: "2026-12-25", description: "Christmas" },
      ],
      entryCount: 3,
      employeeCount: 0,
    });
    const [stored] = await running.database.db.select().from(holidayLists).where(eq(holidayLists.id, reply.body.id));
    expect(stored).toMatchObject({ name: "Madrid 2026", weeklyOffDays: [6, 7] });
    expect(await storedEntries(reply.body.id)).toEqual(reply.body.entries);
    expect(await auditOf(reply.body.id)).toMatchObject([
      {
        action: "personnel.holiday_list_created",
        severity: "Info",
        entity: "holiday_list",
        data: { name: "Madrid 2026", weeklyOffDays: [6, 7] },
      },
    ]);
  });

  it("defaults to no weekly off days and no entries", async () => {
    expect(await create({ name: "Empty" })).toMatchObject({
      status: 201,
      body: { weeklyOffDays: [], entries: [], entryCount: 0 },
    });
  });

  it("answers 409 HolidayList.DuplicateName for a name in use, whatever its case", async () => {
    for (const name of [madrid.name, madrid.name.toUpperCase()]) {
      expect(await create({ ...madrid, name, entries: [] })).toMatchObject({
        status: 409,
        body: { code: "HolidayList.DuplicateName", message: expect.any(String) },
      });
    }
  });

  it.each([
    ["weekday 0", { weeklyOffDays: [0] }, "weeklyOffDays.0"],
    ["weekday 8", { weeklyOffDays: [6, 8] }, "weeklyOffDays.1"],
    ["a fractional weekday", { weeklyOffDays: [1.5] }, "weeklyOffDays.0"],
    ["a repeated weekday", { weeklyOffDays: [6, 6] }, "weeklyOffDays"],
    ["an impossible date", { entries: [{ date: "2026-02-30" }] }, "entries.0.date"],
    ["a date in another format", { entries: [{ date: "25/12/2026" }] }, "entries.0.date"],
    [
      "a repeated date",
      { entries: [{ date: "2026-12-25" }, { date: "2026-01-01" }, { date: "2026-12-25" }] },
      "entries.2.date",
    ],
    [
      "a long description",
      { entries: [{ date: "2026-12-25", description: "x".repeat(201) }] },
      "entries.0.description",
    ],
    ["an empty name", { name: " " }, "name"],
  ])("rejects %s with a validation problem naming the field", async (_case, change, field) => {
    const reply = await create({ ...madrid, name: "Invalid", ...change });
    expect(reply.status).toBe(400);
    expect(reply.headers.get("content-type")).toBe("application/problem+json");
    expect(reply.body).toMatchObject({ errors: { [field]: expect.any(Array) } });
  });
});

describe("GET /api/holiday-lists", () => {
  it("pages by name with entry and employee counts, and searches by name", async () => {
    const used = (await create({ name: "Barcelona", weeklyOffDays: [7], entries: [{ date: "2026-09-11" }] })).body;
    expect((await assign(used.id)).status).toBe(200);
    const reply = await list("pageSize=2");
    expect(reply.body).toMatchObject({ totalCount: 3, pageNumber: 1, pageSize: 2, totalPages: 2 });
    expect(reply.body.items.map((item) => item.name)).toEqual(["Barcelona", "Empty"]);
    expect(reply.body.items[0]).toMatchObject({ weeklyOffDays: [7], entryCount: 1, employeeCount: 1 });
    expect(reply.body.items[0]).not.toHaveProperty("entries");
    expect((await list("orderBy=createdAt&orderDirection=desc")).body.items.map((item) => item.name)).toEqual([
      "Barcelona",
      "Empty",
      "Madrid 2026",
    ]);
    expect((await list("search=MADRID")).body.items.map((item) => item.name)).toEqual(["Madrid 2026"]);
    await assign(null);
  });

  // Paging itself is the shared parser's (lib/platform/pagination.test.ts); the sort keys are this list's.
  it("refuses a sort key it does not offer", async () => {
    expect(await list("orderBy=entryCount")).toMatchObject({
      status: 400,
      body: { errors: { orderBy: expect.any(Array) } },
    });
  });
});

describe("GET, PUT and DELETE /api/holiday-lists/{id}", () => {
  it("answers 404 HolidayList.NotFound for an unknown list on every verb", async () => {
    expect(await read(unknownId)).toMatchObject({ status: 404, body: { code: "HolidayList.NotFound" } });
    expect(await update(unknownId, madrid)).toMatchObject({ status: 404, body: { code: "HolidayList.NotFound" } });
    expect(await remove(unknownId)).toMatchObject({ status: 404, body: { code: "HolidayList.NotFound" } });
  });

  it("reads a list with its entries by date and the number of employees using it", async () => {
    const created = (await create({ ...madrid, name: "Detail" })).body;
    await assign(created.id);
    const reply = await read(created.id);
    expect(reply).toMatchObject({ status: 200, body: { name: "Detail", employeeCount: 1, entries: created.entries } });
    await assign(null);
  });

  it("replaces the name, the weekly off days and the whole set of entries, and audits it", async () => {
    const created = (await create({ ...madrid, name: "Before" })).body;
    const replacement = {
      name: "After",
      weeklyOffDays: [5],
      entries: [{ date: "2027-01-06", description: "Epiphany" }, { date: "2026-12-25" }],
    };
    const reply = await update(created.id, replacement);
    expect(reply).toMatchObject({
      status: 200,
      body: {
        name: "After",
        weeklyOffDays: [5],
        entryCount: 2,
        entries: [
          { date: "2026-12-25", description: null },
          { date: "2027-01-06", description: "Epiphany" },
        ],
      },
    });
    expect(await storedEntries(created.id)).toEqual(reply.body.entries);
    expect((await auditOf(created.id)).at(-1)).toMatchObject({
      action: "personnel.holiday_list_updated",
      severity: "Info",
      data: { name: "After" },
    });
    expect((await update(created.id, { name: "After" })).body).toMatchObject({ weeklyOffDays: [], entries: [] });
    expect(await storedEntries(created.id)).toEqual([]);
  });

  it("answers 409 HolidayList.DuplicateName when renaming to a name in use, changing nothing", async () => {
    const created = (await create({ ...madrid, name: "Rename me" })).body;
    expect(await update(created.id, { ...madrid, entries: [] })).toMatchObject({
      status: 409,
      body: { code: "HolidayList.DuplicateName" },
    });
    expect((await read(created.id)).body).toMatchObject({ name: "Rename me", entryCount: 3 });
  });

  it("rejects a PUT with repeated dates with a validation problem", async () => {
    const reply = await update(unknownId, { name: "X", entries: [{ date: "2026-12-25" }, { date: "2026-12-25" }] });
    expect(reply).toMatchObject({ status: 400, body: { errors: { "entries.1.date": expect.any(Array) } } });
  });

  it("refuses to delete a list employees use (409 HolidayList.InUse), then deletes it with its entries once unused", async () => {
    const created = (await create({ ...madrid, name: "Doomed" })).body;
    await assign(created.id);
    expect(await remove(created.id)).toMatchObject({
      status: 409,
      body: { code: "HolidayList.InUse", message: expect.any(String) },
    });
    const [employee] = await running.database.db.select().from(employees).where(eq(employees.id, employeeId));
    expect(employee?.holidayListId).toBe(created.id);

    await assign(null);
    expect((await remove(created.id)).status).toBe(204);
    expect(await running.database.db.select().from(holidayLists).where(eq(holidayLists.id, created.id))).toEqual([]);
    expect(await storedEntries(created.id)).toEqual([]);
    expect((await auditOf(created.id)).at(-1)).toMatchObject({
      action: "personnel.holiday_list_deleted",
      severity: "Warning",
      data: { name: "Doomed" },
    });
    expect((await read(created.id)).status).toBe(404);
  });

  it("never leaves an employee silently unassigned when a delete meets an assignment", async () => {
    const created = (await create({ name: "Contested" })).body;
    const [deleted, assigned] = await Promise.all([remove(created.id), assign(created.id)]);
    const [employee] = await running.database.db.select().from(employees).where(eq(employees.id, employeeId));
    if (deleted.status === 204) {
      expect(assigned).toMatchObject({ status: 400, body: { code: "Employee.HolidayListNotFound" } });
      expect(employee?.holidayListId).toBeNull();
    } else {
      expect(deleted).toMatchObject({ status: 409, body: { code: "HolidayList.InUse" } });
      expect(assigned.status).toBe(200);
      expect(employee?.holidayListId).toBe(created.id);
    }
    await assign(null);
  });
});

describe("the club's default holiday list (isDefault)", () => {
  const defaults = () =>
    running.database.db.select({ id: holidayLists.id }).from(holidayLists).where(eq(holidayLists.isDefault, true));

  it("is false unless asked; making a list default unsets the previous default, in one change each", async () => {
    const plain = await create({ name: "Plain" });
    expect(plain.body).toMatchObject({ isDefault: false });
    const first = (await create({ name: "Club default", weeklyOffDays: [6, 7], isDefault: true })).body;
    expect(first).toMatchObject({ isDefault: true });
    const second = await update(plain.body.id, { name: "Plain", isDefault: true });
    expect(second.body).toMatchObject({ isDefault: true, version: 2 });
    expect(await defaults()).toEqual([{ id: plain.body.id }]);
    expect((await read(first.id)).body).toMatchObject({ isDefault: false, version: 2 });
    expect((await list("search=Club%20default")).body.items).toMatchObject([{ isDefault: false }]);
  });

  it("keeps the flag when a PUT omits it, and clears it when a PUT says false", async () => {
    const created = (await create({ name: "Keeps flag", isDefault: true })).body;
    expect((await update(created.id, { name: "Keeps flag", weeklyOffDays: [7] })).body).toMatchObject({
      isDefault: true,
    });
    expect((await update(created.id, { name: "Keeps flag", isDefault: false })).body).toMatchObject({
      isDefault: false,
    });
    expect(await defaults()).toEqual([]);
  });

  it("keeps the current default when a PUT makes an unknown list the default (404, nothing changed)", async () => {
    const current = (await create({ name: "Stays default", isDefault: true })).body;
    expect(await update(unknownId, { name: "Nowhere", isDefault: true })).toMatchObject({
      status: 404,
      body: { code: "HolidayList.NotFound" },
    });
    expect(await defaults()).toEqual([{ id: current.id }]);
    expect((await read(current.id)).body).toMatchObject({ isDefault: true, version: 1 });
  });

  it("leaves exactly one default when several lists are made default at once", async () => {
    const lists = await Promise.all(["Race A", "Race B", "Race C"].map((name) => create({ name })));
    const replies = await Promise.all(lists.map(({ body }) => update(body.id, { name: body.name, isDefault: true })));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    expect(await defaults()).toHaveLength(1);
  });

  it("refuses to delete the default list with 409 HolidayList.IsDefault, and the database refuses a second default", async () => {
    const created = (await create({ name: "Undeletable", isDefault: true })).body;
    expect(await remove(created.id)).toMatchObject({ status: 409, body: { code: "HolidayList.IsDefault" } });
    await expect(
      running.database.db.insert(holidayLists).values({ name: "Sneaky second default", isDefault: true }),
    ).rejects.toThrow();
    await update(created.id, { name: "Undeletable", isDefault: false });
    expect((await remove(created.id)).status).toBe(204);
  });

  it("rejects a non-boolean isDefault with a validation problem", async () => {
    expect((await create({ name: "Bad flag", isDefault: "yes" })).body).toMatchObject({
      errors: { isDefault: [expect.any(String)] },
    });
  });
});

describe("holiday presets", () => {
  type Preset = { id: string; years: Array<{ year: number; holidayCount: number; verified: boolean }> };
  const applyPreset = (id: string, body: object) =>
    call<HolidayList>(applyPresetRoute, {
      path: `/api/holiday-lists/${id}/presets`,
      params: { id },
      method: "POST",
      token,
      body,
    });

  it("lists Spain's and the Community of Madrid's presets with their years", async () => {
    const reply = await call<{ items: Preset[] }>(listPresets, { path: "/api/holiday-presets", token });
    expect(reply.status).toBe(200);
    expect(reply.body.items).toMatchObject([
      {
        id: "es",
        years: [
          { year: 2026, holidayCount: 10, verified: true },
          { year: 2027, verified: false },
        ],
      },
      {
        id: "es-md",
        years: [
          { year: 2026, holidayCount: 12, verified: true },
          { year: 2027, verified: false },
        ],
      },
    ]);
  });

  it("adds a preset's holidays in the language asked for, keeps existing dates, and adds nothing the second time", async () => {
    const created = (
      await create({
        name: "Madrid club",
        weeklyOffDays: [6, 7],
        entries: [{ date: "2026-12-25", description: "Navidad (club)" }],
      })
    ).body;
    const first = await applyPreset(created.id, { preset: "es-md", year: 2026, language: "es" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ entryCount: 12, version: 2 });
    expect(first.body.entries).toContainEqual({ date: "2026-05-02", description: "Fiesta de la Comunidad de Madrid" });
    expect(first.body.entries).toContainEqual({ date: "2026-12-25", description: "Navidad (club)" });
    expect(first.body.entries).toContainEqual({
      date: "2026-11-02",
      description: "Lunes siguiente a Todos los Santos",
    });

    const again = await applyPreset(created.id, { preset: "es-md", year: 2026, language: "en" });
    expect(again.body).toMatchObject({ entryCount: 12, version: 2 });
    expect((await auditOf(created.id)).map((entry) => [entry.action, entry.data])).toEqual([
      ["personnel.holiday_list_created", expect.anything()],
      ["personnel.holiday_preset_applied", { preset: "es-md", year: 2026, language: "es", added: 11 }],
    ]);

    // The national list adds the Sundays Madrid moved (1 Nov, 6 Dec), in English by default.
    const national = await applyPreset(created.id, { preset: "es", year: 2026 });
    expect(national.body).toMatchObject({ entryCount: 14, version: 3 });
    expect(national.body.entries).toContainEqual({ date: "2026-11-01", description: "All Saints' Day" });
  });

  it("answers 400 HolidayList.PresetYearNotAvailable for a year the preset lacks, 404 for an unknown list, 400 for a bad body", async () => {
    const created = (await create({ name: "Preset errors" })).body;
    expect(await applyPreset(created.id, { preset: "es", year: 2031 })).toMatchObject({
      status: 400,
      body: { code: "HolidayList.PresetYearNotAvailable" },
    });
    expect(await applyPreset(unknownId, { preset: "es", year: 2026 })).toMatchObject({
      status: 404,
      body: { code: "HolidayList.NotFound" },
    });
    const bad = await applyPreset(created.id, { preset: "fr", year: 2026.5, language: "de" });
    expect(bad).toMatchObject({
      status: 400,
      body: { errors: { preset: [expect.any(String)], year: [expect.any(String)], language: [expect.any(String)] } },
    });
    expect((await read(created.id)).body).toMatchObject({ entryCount: 0, version: 1 });
  });

  it("honours If-Match: a stale version is refused with 412 and nothing is added", async () => {
    const created = (await create({ name: "Versioned presets" })).body;
    const reply = await call(applyPresetRoute, {
      path: `/api/holiday-lists/${created.id}/presets`,
      params: { id: created.id },
      method: "POST",
      token,
      body: { preset: "es", year: 2027 },
      headers: { "if-match": '"7"' },
    });
    expect(reply.status).toBe(412);
    expect((await read(created.id)).body).toMatchObject({ entryCount: 0 });
  });
});
