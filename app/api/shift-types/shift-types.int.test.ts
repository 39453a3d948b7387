import "@/tests/support/isolated-env";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShiftType as ShiftTypeRecord } from "@/lib/employees/repository";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { shiftTypes } from "@/lib/platform/db/schema";
import type { JsonOf } from "@/lib/platform/http/shapes";
import type { Paginated } from "@/lib/platform/pagination";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { auditEntriesOf } from "@/tests/support/audit";
import { resetDatabase } from "@/tests/support/reset-database";
import { DELETE as deleteShiftType, GET as getShiftType, PUT as updateShiftType } from "./[id]/route";
import { POST as createShiftType, GET as listShiftTypes } from "./route";

type ShiftType = JsonOf<ShiftTypeRecord>;
type Page = Paginated<ShiftType>;

const unknownId = "00000000-0000-4000-8000-000000000009";
const morning = {
  name: "Morning",
  shiftStart: "09:00",
  shiftEnd: "17:30",
  lateEntryToleranceMinutes: 10,
  earlyExitToleranceMinutes: 5,
  overtimeAfterMinutes: 30,
};

let running: Platform;
let token: string;

const create = (body: object) => call<ShiftType>(createShiftType, { path: "/api/shift-types", token, body });
const byId = (id: string) => ({ path: `/api/shift-types/${id}`, params: { id } });
const update = (id: string, body: object) =>
  call<ShiftType>(updateShiftType, { ...byId(id), method: "PUT", token, body });
const remove = (id: string) => call(deleteShiftType, { ...byId(id), method: "DELETE", token });
const list = (query: string) => call<Page>(listShiftTypes, { path: `/api/shift-types?${query}`, token });
const stored = async (id: string) =>
  (await running.database.db.select().from(shiftTypes).where(eq(shiftTypes.id, id)))[0];
const auditOf = (entityId: string) => auditEntriesOf(running.database, entityId);

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
});
afterAll(stopPlatform);

describe("POST /api/shift-types", () => {
  it("creates a shift type, stores the times and audits it", async () => {
    const reply = await create(morning);
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ id: expect.any(String), ...morning, createdAt: expect.any(String), version: 1 });
    expect(await stored(reply.body.id)).toMatchObject({
      shiftStart: "09:00:00",
      shiftEnd: "17:30:00",
      overtimeAfterMinutes: 30,
    });
    expect(await auditOf(reply.body.id)).toMatchObject([
      {
        action: "personnel.shift_type_created",
        severity: "Info",
        entity: "shift_type",
        data: { name: "Morning", shiftStart: "09:00" },
      },
    ]);
  });

  it("accepts a night shift ending the next day, with tolerances defaulting to 0", async () => {
    const reply = await create({ name: "Night", shiftStart: "22:00", shiftEnd: "06:00" });
    expect(reply).toMatchObject({
      status: 201,
      body: {
        shiftStart: "22:00",
        shiftEnd: "06:00",
        lateEntryToleranceMinutes: 0,
        earlyExitToleranceMinutes: 0,
        overtimeAfterMinutes: 0,
      },
    });
  });

  it("answers 409 ShiftType.DuplicateName for a name in use, whatever its case", async () => {
    for (const name of [morning.name, morning.name.toLowerCase()]) {
      expect(await create({ ...morning, name })).toMatchObject({
        status: 409,
        body: { code: "ShiftType.DuplicateName", message: expect.any(String) },
      });
    }
  });

  it.each([
    ["a missing name", { name: undefined }, "name"],
    ["24:00", { shiftStart: "24:00" }, "shiftStart"],
    ["a time without a leading zero", { shiftStart: "9:00" }, "shiftStart"],
    ["a time with seconds", { shiftEnd: "17:30:00" }, "shiftEnd"],
    ["a shift ending when it starts", { shiftEnd: "09:00" }, "shiftEnd"],
    ["a negative tolerance", { lateEntryToleranceMinutes: -1 }, "lateEntryToleranceMinutes"],
    ["a tolerance over 720", { earlyExitToleranceMinutes: 721 }, "earlyExitToleranceMinutes"],
    ["fractional minutes", { overtimeAfterMinutes: 1.5 }, "overtimeAfterMinutes"],
  ])("rejects %s with a validation problem naming the field", async (_case, change, field) => {
    const reply = await create({ ...morning, name: "Invalid", ...change });
    expect(reply.status).toBe(400);
    expect(reply.headers.get("content-type")).toBe("application/problem+json");
    expect(reply.body).toMatchObject({ errors: { [field]: expect.any(Array) } });
  });

  it("accepts the bounds 0 and 720 minutes", async () => {
    expect(
      (await create({ ...morning, name: "Bounds", lateEntryToleranceMinutes: 0, overtimeAfterMinutes: 720 })).status,
    ).toBe(201);
  });
});

describe("GET /api/shift-types", () => {
  it("pages by name, orders by start time and searches by name", async () => {
    const reply = await list("pageSize=2");
    expect(reply.body).toMatchObject({ totalCount: 3, pageNumber: 1, pageSize: 2, totalPages: 2 });
    expect(reply.body.items.map((item) => item.name)).toEqual(["Bounds", "Morning"]);
    expect((await list("orderBy=shiftStart&orderDirection=desc")).body.items.map((item) => item.shiftStart)).toEqual([
      "22:00",
      "09:00",
      "09:00",
    ]);
    expect((await list("search=nigh")).body.items.map((item) => item.name)).toEqual(["Night"]);
  });

  // Paging itself is the shared parser's (lib/platform/pagination.test.ts); the sort keys are this list's.
  it("refuses a sort key it does not offer", async () => {
    expect(await list("orderBy=shiftEnd")).toMatchObject({
      status: 400,
      body: { errors: { orderBy: expect.any(Array) } },
    });
  });
});

describe("GET, PUT and DELETE /api/shift-types/{id}", () => {
  it("answers 404 ShiftType.NotFound for an unknown shift type on every verb", async () => {
    expect(await call(getShiftType, { ...byId(unknownId), token })).toMatchObject({
      status: 404,
      body: { code: "ShiftType.NotFound" },
    });
    expect(await update(unknownId, { ...morning, name: "Other" })).toMatchObject({
      status: 404,
      body: { code: "ShiftType.NotFound" },
    });
    expect(await remove(unknownId)).toMatchObject({ status: 404, body: { code: "ShiftType.NotFound" } });
  });

  it("reads, replaces and audits a shift type", async () => {
    const created = (await create({ ...morning, name: "Afternoon" })).body;
    expect(await call(getShiftType, { ...byId(created.id), token })).toMatchObject({ status: 200, body: created });
    const reply = await update(created.id, {
      name: "Late",
      shiftStart: "14:00",
      shiftEnd: "22:15",
      overtimeAfterMinutes: 60,
    });
    expect(reply).toMatchObject({
      status: 200,
      body: {
        id: created.id,
        name: "Late",
        shiftStart: "14:00",
        shiftEnd: "22:15",
        lateEntryToleranceMinutes: 0,
        overtimeAfterMinutes: 60,
      },
    });
    expect(await stored(created.id)).toMatchObject({ name: "Late", shiftStart: "14:00:00", shiftEnd: "22:15:00" });
    expect((await auditOf(created.id)).at(-1)).toMatchObject({
      action: "personnel.shift_type_updated",
      severity: "Info",
      data: { name: "Late" },
    });
  });

  it("answers 409 ShiftType.DuplicateName when renaming to a name in use", async () => {
    const created = (await create({ ...morning, name: "Spare" })).body;
    expect(await update(created.id, morning)).toMatchObject({ status: 409, body: { code: "ShiftType.DuplicateName" } });
    expect((await stored(created.id))?.name).toBe("Spare");
  });

  it("deletes with 204, audits it, and then answers 404", async () => {
    const created = (await create({ ...morning, name: "Temporary" })).body;
    expect((await remove(created.id)).status).toBe(204);
    expect(await stored(created.id)).toBeUndefined();
    expect((await auditOf(created.id)).at(-1)).toMatchObject({
      action: "personnel.shift_type_deleted",
      severity: "Warning",
      data: { name: "Temporary" },
    });
    expect((await remove(created.id)).status).toBe(404);
  });
});
