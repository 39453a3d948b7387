import "@/tests/support/isolated-env";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { members } from "@/lib/platform/db/schema";
import { completeSetup, createAccount } from "@/tests/support/accounts";
import { type ApiCall, call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { GET as getEmployee, PUT as putEmployee } from "./employees/[id]/route";
import { POST as createEmployee } from "./employees/route";
import { DELETE as deleteHolidayList, PUT as putHolidayList } from "./holiday-lists/[id]/route";
import { POST as createHolidayList } from "./holiday-lists/route";
import { DELETE as deleteMember, GET as getMember, PUT as putMember } from "./members/[id]/route";
import { PUT as changeStatus } from "./members/[id]/status/route";
import { POST as createMember } from "./members/route";
import { GET as getPlan, PUT as putPlan } from "./plans/[id]/route";
import { POST as createPlan } from "./plans/route";
import { DELETE as deleteRole, GET as getRole } from "./roles/[id]/route";
import { POST as createRole } from "./roles/route";
import { DELETE as deleteShiftType, PUT as putShiftType } from "./shift-types/[id]/route";
import { POST as createShiftType } from "./shift-types/route";
import { DELETE as deactivateUser, GET as getUser, PUT as putUser } from "./users/[id]/route";

// Conditional requests (docs/api.md, Concurrency control): ETag on reads, If-Match on PUT and DELETE.

type Member = { id: string; firstName: string; lastName: string; email: string; phone: string | null; version: number };

let running: Platform;
let token: string;
let sequence = 0;

const memberBody = (change: object = {}) => {
  sequence += 1;
  return { firstName: "Marta", lastName: "Ruiz", email: `etag${sequence}@club.example`, phone: "600000001", ...change };
};
const at = (resource: string, id: string, ifMatch?: string): ApiCall => ({
  path: `/api/${resource}/${id}`,
  params: { id },
  token,
  headers: ifMatch === undefined ? {} : { "if-match": ifMatch },
});
const newMember = async () =>
  (await call<Member>(createMember, { path: "/api/members", token, body: memberBody() })).body;
const load = (id: string) => call<Member>(getMember, at("members", id));
const put = (id: string, body: object, ifMatch?: string) =>
  call<Member>(putMember, { ...at("members", id, ifMatch), method: "PUT", body });
const remove = (id: string, ifMatch?: string) =>
  call(deleteMember, { ...at("members", id, ifMatch), method: "DELETE" });
const fieldsOf = ({ firstName, lastName, email, phone }: Member) => ({ firstName, lastName, email, phone });

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
});

afterAll(async () => {
  await stopPlatform();
});

describe("a member's ETag", () => {
  it("is its version, strong, on GET and on the PUT's answer, and changes with every change", async () => {
    const member = await newMember();
    const loaded = await load(member.id);
    expect(loaded.headers.get("etag")).toBe('"1"');
    expect(loaded.body.version).toBe(1);

    const updated = await put(member.id, { ...fieldsOf(loaded.body), phone: "600000002" }, '"1"');
    expect(updated).toMatchObject({ status: 200, body: { phone: "600000002", version: 2 } });
    expect(updated.headers.get("etag")).toBe('"2"');

    // Any change of the record counts, the status route's too.
    await call(changeStatus, {
      ...at("members", member.id),
      path: `/api/members/${member.id}/status`,
      method: "PUT",
      body: { status: "suspended", reason: "Unpaid fees" },
    });
    expect((await load(member.id)).headers.get("etag")).toBe('"3"');
  });

  it("stays when a PUT changes nothing", async () => {
    const member = await newMember();
    const same = await put(member.id, fieldsOf(member), '"1"');
    expect(same.status).toBe(200);
    expect(same.headers.get("etag")).toBe('"1"');
  });
});

describe("If-Match on PUT", () => {
  it("keeps B's phone change from being lost to A's stale PUT (the issue's scenario)", async () => {
    const member = await newMember();
    const [a, b] = [await load(member.id), await load(member.id)];
    const etag = a.headers.get("etag") ?? "";

    const bChanges = await put(member.id, { ...fieldsOf(b.body), phone: "611111111" }, b.headers.get("etag") ?? "");
    expect(bChanges.status).toBe(200);
    const aStale = await put(member.id, { ...fieldsOf(a.body), firstName: "Martina" }, etag);

    expect(aStale.status).toBe(412);
    expect(aStale.headers.get("content-type")).toBe("application/problem+json");
    expect(aStale.body).toMatchObject({
      status: 412,
      code: "Precondition.Failed",
      instance: `PUT /api/members/${member.id}`,
    });
    expect(aStale.headers.get("etag")).toBe('"2"');
    expect((await load(member.id)).body).toMatchObject({ firstName: "Marta", phone: "611111111", version: 2 });
  });

  it("applies without If-Match, as before, and with `*`", async () => {
    const member = await newMember();
    await put(member.id, { ...fieldsOf(member), phone: "622222222" });
    expect((await put(member.id, { ...fieldsOf(member), phone: "633333333" })).status).toBe(200);
    expect((await put(member.id, { ...fieldsOf(member), phone: "644444444" }, "*")).body).toMatchObject({
      phone: "644444444",
      version: 4,
    });
  });

  it("matches any tag of a list, and never a weak or malformed one (412, nothing changed)", async () => {
    const member = await newMember();
    expect((await put(member.id, { ...fieldsOf(member), phone: "600000655" }, '"7", "1"')).status).toBe(200);
    for (const ifMatch of ['W/"2"', "2", '"abc"', '"99999999999"', ""]) {
      const refused = await put(member.id, { ...fieldsOf(member), phone: "600000666" }, ifMatch);
      expect(refused.status, ifMatch).toBe(412);
      expect(refused.headers.get("etag")).toBe('"2"');
    }
    expect((await load(member.id)).body.phone).toBe("600000655");
  });

  it("answers 404 for a record that does not exist, whatever If-Match says", async () => {
    const missing = "00000000-0000-4000-8000-000000000009";
    expect((await put(missing, memberBody(), '"1"')).status).toBe(404);
    expect((await put(missing, memberBody(), "*")).status).toBe(404);
  });
});

describe("If-Match on DELETE", () => {
  it("refuses a stale version (412) and deletes nothing; the current one deletes (204)", async () => {
    const member = await newMember();
    await put(member.id, { ...fieldsOf(member), phone: "600000677" });

    const stale = await remove(member.id, '"1"');
    expect(stale).toMatchObject({ status: 412, body: { code: "Precondition.Failed" } });
    expect(stale.headers.get("etag")).toBe('"2"');
    expect((await load(member.id)).status).toBe(200);

    expect((await remove(member.id, '"2"')).status).toBe(204);
    expect((await load(member.id)).status).toBe(404);
  });
});

// On PGlite the two run one after the other; on PostgreSQL (`scripts/with-services.sh`) they race for the row.
describe("two writers holding the same version", () => {
  it("give one 200 and one 412, for a member (locked row)", async () => {
    const member = await newMember();
    const replies = await Promise.all(
      ["600000611", "600000622"].map((phone) => put(member.id, { ...fieldsOf(member), phone }, '"1"')),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 412]);
    const winner = replies.find((reply) => reply.status === 200);
    const [row] = await running.database.db.select().from(members).where(eq(members.id, member.id));
    expect(row).toMatchObject({ phone: winner?.body.phone, version: 2 });
  });

  it("give one 200 and one 412, for a plan (conditional UPDATE)", async () => {
    const body = { name: "Gold", code: `GOLD${sequence++}`, monthlyPrice: "49.90", benefits: [] };
    const plan = await call<{ id: string }>(createPlan, { path: "/api/plans", token, body });
    const replies = await Promise.all(
      ["50.00", "51.00"].map((monthlyPrice) =>
        call(putPlan, { ...at("plans", plan.body.id, '"1"'), method: "PUT", body: { ...body, monthlyPrice } }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 412]);
    expect((await call(getPlan, at("plans", plan.body.id))).headers.get("etag")).toBe('"2"');
  });
});

describe("the other versioned records", () => {
  it("shift types: a stale PUT or DELETE is refused, the current version applies", async () => {
    const body = { name: `Morning ${sequence++}`, shiftStart: "09:00", shiftEnd: "17:00" };
    const created = await call<{ id: string; version: number }>(createShiftType, {
      path: "/api/shift-types",
      token,
      body,
    });
    expect(created.body.version).toBe(1);
    const renamed = await call(putShiftType, {
      ...at("shift-types", created.body.id, '"1"'),
      method: "PUT",
      body: { ...body, shiftEnd: "18:00" },
    });
    expect(renamed.headers.get("etag")).toBe('"2"');
    const stale = await call(deleteShiftType, { ...at("shift-types", created.body.id, '"1"'), method: "DELETE" });
    expect(stale).toMatchObject({ status: 412, body: { code: "Precondition.Failed" } });
    expect(
      (await call(deleteShiftType, { ...at("shift-types", created.body.id, '"2"'), method: "DELETE" })).status,
    ).toBe(204);
  });

  it("roles: GET answers the ETag a DELETE can name", async () => {
    const created = await call<{ id: string }>(createRole, {
      path: "/api/roles",
      token,
      body: { name: `Desk ${sequence++}`, permissions: ["members:read"] },
    });
    const loaded = await call(getRole, at("roles", created.body.id));
    expect(loaded.headers.get("etag")).toBe('"1"');
    expect((await call(deleteRole, { ...at("roles", created.body.id, '"5"'), method: "DELETE" })).status).toBe(412);
    expect((await call(deleteRole, { ...at("roles", created.body.id, '"1"'), method: "DELETE" })).status).toBe(204);
  });
});

describe("users (checked under SERIALIZABLE)", () => {
  const userBody = (account: { email: string }, change: object = {}) => ({
    email: account.email,
    username: account.email.split("@")[0],
    firstName: "Sam",
    lastName: "Staff",
    isActive: true,
    ...change,
  });

  it("a stale PUT or DELETE is refused with the current ETag; the current version applies", async () => {
    const account = await createAccount(token, []);
    const etag = (await call(getUser, at("users", account.id))).headers.get("etag") ?? "";
    const renamed = await call(putUser, {
      ...at("users", account.id, etag),
      method: "PUT",
      body: userBody(account, { firstName: "Samuel" }),
    });
    expect(renamed.status).toBe(200);
    const stale = await call(putUser, {
      ...at("users", account.id, etag),
      method: "PUT",
      body: userBody(account, { lastName: "Stale" }),
    });
    expect(stale).toMatchObject({ status: 412, body: { code: "Precondition.Failed" } });
    expect(stale.headers.get("etag")).toBe(renamed.headers.get("etag"));
    const deactivate = (ifMatch: string) =>
      call(deactivateUser, { ...at("users", account.id, ifMatch), method: "DELETE" });
    expect((await deactivate(etag)).status).toBe(412);
    expect((await deactivate(renamed.headers.get("etag") ?? "")).status).toBe(204);
  });

  it("two writers holding the same version give one 200 and one 412", async () => {
    const account = await createAccount(token, []);
    const etag = (await call(getUser, at("users", account.id))).headers.get("etag") ?? "";
    const replies = await Promise.all(
      ["Ana", "Eva"].map((firstName) =>
        call(putUser, { ...at("users", account.id, etag), method: "PUT", body: userBody(account, { firstName }) }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 412]);
  });
});

describe("employees and holiday lists", () => {
  it("an employee's stale PUT is refused; a holiday list's stale DELETE deletes nothing", async () => {
    const account = await createAccount(token, []);
    const employee = await call<{ id: string }>(createEmployee, {
      path: "/api/employees",
      token,
      body: { userId: account.id },
    });
    const loaded = await call(getEmployee, at("employees", employee.body.id));
    expect(loaded.headers.get("etag")).toBe('"1"');
    const update = (isActive: boolean) =>
      call(putEmployee, {
        ...at("employees", employee.body.id, '"1"'),
        method: "PUT",
        body: { isActive, holidayListId: null },
      });
    expect((await update(false)).headers.get("etag")).toBe('"2"');
    expect((await update(true)).status).toBe(412);

    const listBody = { name: `Madrid ${sequence++}`, weeklyOffDays: [6, 7], entries: [] };
    const list = await call<{ id: string }>(createHolidayList, { path: "/api/holiday-lists", token, body: listBody });
    await call(putHolidayList, {
      ...at("holiday-lists", list.body.id, '"1"'),
      method: "PUT",
      body: { ...listBody, weeklyOffDays: [7] },
    });
    const remove = (ifMatch: string) =>
      call(deleteHolidayList, { ...at("holiday-lists", list.body.id, ifMatch), method: "DELETE" });
    expect(await remove('"1"')).toMatchObject({ status: 412, body: { code: "Precondition.Failed" } });
    expect((await remove('"2"')).status).toBe(204);
  });
});
