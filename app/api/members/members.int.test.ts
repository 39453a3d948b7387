import "@/tests/support/isolated-env";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clubToday } from "@/lib/members/schemas";
import type { MemberStatistics } from "@/lib/members/statistics";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, members, plans, subscriptions } from "@/lib/platform/db/schema";
import { completeSetup } from "@/tests/support/accounts";
import { type ApiCall, call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { DELETE as deleteMember, GET as getMember, PUT as updateMember } from "./[id]/route";
import { PUT as changeStatus } from "./[id]/status/route";
import { GET as exportMembers } from "./export/route";
import { POST as createMember, GET as listMembers } from "./route";
import { GET as memberStatistics } from "./statistics/route";

type Member = {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  status: string;
  joinedOn: string;
  currentPlan: { id: string; name: string; code: string } | null;
  subscriptionEndsAt: string | null;
  currentSubscription: Record<string, unknown> | null;
};
type Page = { items: Member[]; totalCount: number; pageNumber: number; pageSize: number; totalPages: number };
type Period = "monthly" | "quarterly" | "annual";

let running: Platform;
let token: string;
let sequence = 0;

const DAY = 86_400_000;
const unknownId = "00000000-0000-4000-8000-000000000009";

/** A valid member body; each call a new email. */
function memberBody(change: object = {}) {
  sequence += 1;
  return { firstName: "Marta", lastName: "Ruiz", email: `member${sequence}@club.example`, ...change };
}
const create = (body: object) => call<Member>(createMember, { path: "/api/members", token, body });
const created = async (change: object = {}) => (await create(memberBody(change))).body;
const list = (query: string) => call<Page>(listMembers, { path: `/api/members?${query}`, token });
const byId = (id: string, suffix = ""): ApiCall => ({ path: `/api/members/${id}${suffix}`, params: { id }, token });
const setStatus = (id: string, body: object) =>
  call<Member>(changeStatus, { ...byId(id, "/status"), method: "PUT", body });
const auditOf = (id: string) =>
  running.database.db
    .select()
    .from(auditOutbox)
    .where(and(eq(auditOutbox.entityId, id), eq(auditOutbox.entity, "member")))
    .orderBy(auditOutbox.seq);

async function newPlan(code: string): Promise<string> {
  const [plan] = await running.database.db
    .insert(plans)
    .values({ name: `Plan ${code}`, code, monthlyPrice: "10.00" })
    .returning({ id: plans.id });
  return plan!.id;
}

/**
 * A subscription row written directly: `from` and `to` in days from now. The member's status is then settled as the
 * services settle it (member_standing, migration 0017), so the rows stay as the API would have left them.
 */
type Term = { period?: Period; price?: string; from?: number; to?: number; status?: "active" | "expired" | "canceled" };
async function subscribe(memberId: string, planId: string, term: Term) {
  const [row] = await running.database.db
    .insert(subscriptions)
    .values({
      memberId,
      planId,
      billingPeriod: term.period ?? "monthly",
      startedAt: new Date(Date.now() + (term.from ?? -1) * DAY),
      endsAt: new Date(Date.now() + (term.to ?? 29) * DAY),
      price: term.price ?? "10.00",
      currency: "EUR",
      status: term.status ?? "active",
    })
    .returning({ id: subscriptions.id, endsAt: subscriptions.endsAt });
  await running.database.db
    .update(members)
    .set({ status: sql`member_standing(${memberId}, now())` })
    .where(and(eq(members.id, memberId), sql`${members.status} <> 'suspended'`));
  return row!;
}

/** Starts over on an empty database, for the tests that count every member. */
async function freshDatabase() {
  await resetDatabase(running.database);
  token = await completeSetup();
}

beforeAll(async () => {
  running = await platform();
  await freshDatabase();
});
afterAll(stopPlatform);

describe("POST /api/members", () => {
  it("creates an inactive member (no subscription yet) who joins today in the club's time zone, and audits it", async () => {
    const reply = await create(
      memberBody({
        firstName: " Ana ",
        lastName: "García López",
        phone: "+34 612 34 56 78",
        birthDate: "1990-04-23",
        notes: "Swims",
      }),
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      firstName: "Ana",
      lastName: "García López",
      fullName: "Ana García López",
      phone: "+34 612 34 56 78",
      birthDate: "1990-04-23",
      status: "inactive",
      joinedOn: clubToday(running.config.CLUB_TIMEZONE),
      notes: "Swims",
      photoFileId: null,
      currentSubscription: null,
    });
    expect(await auditOf(reply.body.id)).toEqual([
      expect.objectContaining({ action: "members.created", severity: "Info" }),
    ]);
  });

  it("keeps a join date given", async () => {
    expect((await created({ joinedOn: "2020-02-29" })).joinedOn).toBe("2020-02-29");
  });

  it("answers 409 Member.DuplicateEmail for an email a live member has, whatever its case", async () => {
    const first = await created();
    const reply = await create(memberBody({ email: first.email.toUpperCase() }));
    expect(reply).toMatchObject({ status: 409, body: { code: "Member.DuplicateEmail", message: expect.any(String) } });
  });

  // Two days on: a schema takes today where the day starts first (UTC+14), one day ahead of the club at most.
  const dayAfterTomorrow = new Date(Date.parse(`${clubToday("Europe/Madrid")}T00:00:00Z`) + 2 * DAY)
    .toISOString()
    .slice(0, 10);
  it.each([
    ["a malformed email", { email: "not-an-email" }, "email"],
    ["an empty first name", { firstName: " " }, "firstName"],
    ["a last name over 100 characters", { lastName: "x".repeat(101) }, "lastName"],
    ["a phone with letters", { phone: "+34 612 ABC" }, "phone"],
    ["a phone under 6 digits", { phone: "12-34" }, "phone"],
    ["a phone over 20 characters", { phone: "1".repeat(21) }, "phone"],
    ["a birth date the day after tomorrow", { birthDate: dayAfterTomorrow }, "birthDate"],
    ["a birth date before 1900", { birthDate: "1899-12-31" }, "birthDate"],
    ["an impossible date", { birthDate: "2001-02-29" }, "birthDate"],
    ["a join date in the future", { joinedOn: dayAfterTomorrow }, "joinedOn"],
    ["a join date before the birth date", { birthDate: "2000-01-02", joinedOn: "2000-01-01" }, "joinedOn"],
    ["notes over 2000 characters", { notes: "x".repeat(2001) }, "notes"],
  ])("rejects %s with a validation problem naming the field", async (_case, change, field) => {
    const reply = await create(memberBody(change));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ errors: { [field]: expect.any(Array) } });
  });

  it.runIf(process.env.DATABASE_URL)(
    "lets one of 10 parallel creations with one email win; the others get 409",
    async () => {
      const body = memberBody();
      const replies = await Promise.all(Array.from({ length: 10 }, () => create(body)));
      expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
      const refused = replies.filter((reply) => reply.status === 409);
      expect(refused).toHaveLength(9);
      for (const reply of refused) expect(reply.body).toMatchObject({ code: "Member.DuplicateEmail" });
    },
  );

  it("accepts the lenient phone forms people write", async () => {
    for (const phone of ["(555) 123-4567", "612345678", "+1-202-555-0143"])
      expect((await create(memberBody({ phone }))).status).toBe(201);
  });
});

describe("GET /api/members", () => {
  let gold: string;
  const names = ["Zoe Alba", "ana alba", "Bruno Alba", "Carla Zapata", "Dario Mendez"];

  beforeAll(async () => {
    await freshDatabase();
    gold = await newPlan("GOLD");
    const ids: string[] = [];
    for (const [index, name] of names.entries()) {
      const [firstName, lastName] = name.split(" ");
      const member = await created({
        firstName,
        lastName,
        email: `${firstName!.toLowerCase()}@club.example`,
        phone: `+34 600 00${index} 00${index}`,
        joinedOn: `2024-0${index + 1}-15`,
      });
      ids.push(member.id);
    }
    await running.database.db.update(members).set({ status: "suspended" }).where(eq(members.id, ids[3]!));
    await subscribe(ids[0]!, gold, {});
  });

  it("pages live members by last name, then first name, with their current plan", async () => {
    const reply = await list("pageSize=2");
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ totalCount: 5, pageNumber: 1, pageSize: 2, totalPages: 3 });
    expect(reply.body.items.map((member) => member.fullName)).toEqual(["ana alba", "Bruno Alba"]);
    const zoe = (await list("pageNumber=2&pageSize=2")).body.items[0]!;
    expect(zoe).toMatchObject({
      fullName: "Zoe Alba",
      status: "active",
      joinedOn: "2024-01-15",
      currentPlan: { id: gold, name: "Plan GOLD", code: "GOLD" },
    });
    expect(Date.parse(zoe.subscriptionEndsAt!)).toBeGreaterThan(Date.now());
    expect((await list("pageSize=2")).body.items[0]).toMatchObject({ currentPlan: null, subscriptionEndsAt: null });
  });

  it.each([
    ["lastName&orderDirection=desc", ["Carla", "Dario", "Zoe", "Bruno", "ana"]],
    ["firstName", ["ana", "Bruno", "Carla", "Dario", "Zoe"]],
    ["email&orderDirection=desc", ["Zoe", "Dario", "Carla", "Bruno", "ana"]],
    ["joinedOn&orderDirection=desc", ["Dario", "Carla", "Bruno", "ana", "Zoe"]],
    ["status", ["Zoe", "ana", "Bruno", "Dario", "Carla"]],
    ["createdAt", ["Zoe", "ana", "Bruno", "Carla", "Dario"]],
  ])("orders by %s", async (order, expected) => {
    const reply = await list(`orderBy=${order}`);
    expect(reply.body.items.map((member) => member.firstName)).toEqual(expected);
  });

  it("filters by status", async () => {
    const reply = await list("status=suspended");
    expect(reply.body).toMatchObject({ totalCount: 1, items: [{ firstName: "Carla" }] });
  });

  it.each([
    ["ALBA", ["ana", "Bruno", "Zoe"]],
    ["zoe alba", ["Zoe"]],
    ["alba zoe", ["Zoe"]],
    ["dario@club", ["Dario"]],
    ["+34 600 004", ["Dario"]],
    ["600003003", ["Carla"]],
    ["nobody", []],
  ])("searches %j in names, email and phone, each word anywhere, ignoring case", async (search, expected) => {
    const reply = await list(`search=${encodeURIComponent(search)}`);
    expect(reply.body.items.map((member) => member.firstName)).toEqual(expected);
    expect(reply.body.totalCount).toBe(expected.length);
  });

  it("matches % and _ literally", async () => {
    await created({ firstName: "Percy", lastName: "100%", email: "under_score@club.example" });
    await created({ firstName: "Underwood", lastName: "1000", email: "underXscore@club.example" });
    expect((await list("search=0%25")).body.items.map((member) => member.firstName)).toEqual(["Percy"]);
    expect((await list("search=under_")).body.items.map((member) => member.firstName)).toEqual(["Percy"]);
    expect((await list("search=%25")).body.items.map((member) => member.firstName)).toEqual(["Percy"]);
  });

  it("answers a page past the end with no items", async () => {
    const reply = await list("pageNumber=50&pageSize=100");
    expect(reply).toMatchObject({ status: 200, body: { items: [], pageNumber: 50, totalCount: 7, totalPages: 1 } });
  });

  it.each(["orderBy=phone", "status=gone"])("rejects %s with a validation problem", async (query) => {
    const reply = await list(query);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      title: expect.any(String),
      errors: { [query.split("=")[0]!]: expect.any(Array) },
    });
  });
});

describe("GET /api/members/{id}", () => {
  it("shows the member with the subscription in force now", async () => {
    const member = await created({ birthDate: "1985-06-01", notes: "Prefers mornings" });
    const plan = await newPlan("DETAIL");
    await subscribe(member.id, plan, { from: -400, to: -35, status: "expired" });
    const term = await subscribe(member.id, plan, { period: "annual", price: "299.00", from: -35, to: 330 });
    const reply = await call<Member>(getMember, byId(member.id));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: member.id,
      birthDate: "1985-06-01",
      notes: "Prefers mornings",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      currentSubscription: {
        id: term.id,
        planId: plan,
        planName: "Plan DETAIL",
        billingPeriod: "annual",
        price: "299.00",
        currency: "EUR",
        autoRenew: false,
        status: "active",
        endsAt: term.endsAt.toISOString(),
      },
    });
  });

  it("shows no current subscription for a renewal that has not started, nor for a term past its end", async () => {
    const member = await created();
    const plan = await newPlan("QUEUED");
    await subscribe(member.id, plan, { from: -40, to: -1 });
    await subscribe(member.id, plan, { from: 2, to: 32 });
    expect((await call<Member>(getMember, byId(member.id))).body.currentSubscription).toBeNull();
  });

  it("answers 404 Member.NotFound for an unknown id and 400 for a malformed one", async () => {
    expect(await call(getMember, byId(unknownId))).toMatchObject({ status: 404, body: { code: "Member.NotFound" } });
    expect(await call(getMember, byId("42"))).toMatchObject({
      status: 400,
      body: { errors: { id: expect.any(Array) } },
    });
  });
});

describe("PUT /api/members/{id}", () => {
  it("replaces the fields, keeps the join date when omitted and audits the names of the changed fields only", async () => {
    const member = await created({ phone: "600 000 000", joinedOn: "2021-05-05" });
    const reply = await call<Member>(updateMember, {
      ...byId(member.id),
      method: "PUT",
      body: { firstName: "Martina", lastName: member.lastName, email: member.email, notes: "VIP" },
    });
    expect(reply).toMatchObject({
      status: 200,
      body: { firstName: "Martina", phone: null, notes: "VIP", joinedOn: "2021-05-05" },
    });
    const [, audit] = await auditOf(member.id);
    expect(audit).toMatchObject({ action: "members.updated", data: { changed: ["firstName", "phone", "notes"] } });
    expect(JSON.stringify(audit?.data)).not.toContain("Martina");
  });

  it("writes nothing for a PUT that changes nothing", async () => {
    const member = await created();
    const body = { firstName: "Marta", lastName: "Ruiz", email: member.email };
    const reply = await call<Member>(updateMember, { ...byId(member.id), method: "PUT", body });
    expect(reply.status).toBe(200);
    expect(await auditOf(member.id)).toHaveLength(1);
  });

  it("answers 409 Member.DuplicateEmail for another member's email, and allows a new case of one's own", async () => {
    const [first, second] = [await created(), await created()];
    const taken = await call(updateMember, {
      ...byId(second.id),
      method: "PUT",
      body: memberBody({ email: first.email.toUpperCase() }),
    });
    expect(taken).toMatchObject({ status: 409, body: { code: "Member.DuplicateEmail" } });
    const recased = await call<Member>(updateMember, {
      ...byId(second.id),
      method: "PUT",
      body: memberBody({ email: second.email.toUpperCase() }),
    });
    expect(recased).toMatchObject({ status: 200, body: { email: second.email.toUpperCase() } });
  });

  it("answers 404 Member.NotFound for an unknown member and 400 for an invalid body", async () => {
    const unknown = await call(updateMember, { ...byId(unknownId), method: "PUT", body: memberBody() });
    expect(unknown).toMatchObject({ status: 404, body: { code: "Member.NotFound" } });
    const member = await created();
    expect((await call(updateMember, { ...byId(member.id), method: "PUT", body: { email: "x" } })).status).toBe(400);
  });
});

describe("a member's tax id and address (for invoices)", () => {
  type Billed = Member & { taxId: string | null; address: Record<string, unknown> | null; version: number };
  const address = { line: "Calle Mayor 3", postalCode: "03590", city: "Altea" };

  it("stores a valid DNI/NIE compact and the address, keeps both when a PUT omits them, and clears them with null", async () => {
    const member = await call<Billed>(createMember, {
      path: "/api/members",
      token,
      body: memberBody({ taxId: "x-1234567-l", address }),
    });
    expect(member.status).toBe(201);
    expect(member.body).toMatchObject({
      taxId: "X1234567L",
      address: { ...address, province: null, country: "ES" },
    });
    const { id, firstName, lastName, email } = member.body;
    const update = (body: object) =>
      call<Billed>(updateMember, { ...byId(id), method: "PUT", body: { firstName, lastName, email, ...body } });
    expect((await update({})).body).toMatchObject({ taxId: "X1234567L", address: { city: "Altea" } });
    expect((await update({ taxId: "12345678Z", address: { ...address, country: "pt" } })).body).toMatchObject({
      taxId: "12345678Z",
      address: { country: "PT" },
    });
    expect((await update({ taxId: null, address: null })).body).toMatchObject({ taxId: null, address: null });
    expect((await call<Billed>(getMember, byId(id))).body).toMatchObject({ taxId: null, address: null });
  });

  it("refuses a wrong check letter and an incomplete address with 400 and errors, creating nothing", async () => {
    const body = memberBody({ taxId: "12345678A", address: { line: "Calle Mayor 3" } });
    const refused = await create(body);
    expect(refused.status).toBe(400);
    expect(Object.keys((refused.body as unknown as { errors: object }).errors).sort()).toEqual([
      "address.city",
      "address.postalCode",
      "taxId",
    ]);
    const [found] = await running.database.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.email, (body as { email: string }).email));
    expect(found).toBeUndefined();
  });
});

describe("DELETE /api/members/{id}", () => {
  it("soft-deletes: gone from the detail, the list and the search, audited, its email free again", async () => {
    const member = await created({ lastName: "Departed" });
    const reply = await call(deleteMember, { ...byId(member.id), method: "DELETE" });
    expect(reply).toMatchObject({ status: 204, body: null });
    expect(await call(getMember, byId(member.id))).toMatchObject({ status: 404, body: { code: "Member.NotFound" } });
    expect((await list("search=departed")).body.totalCount).toBe(0);
    const [row] = await running.database.db.select().from(members).where(eq(members.id, member.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await auditOf(member.id)).map((entry) => entry.action)).toEqual(["members.created", "members.deleted"]);
    expect((await create(memberBody({ email: member.email }))).status).toBe(201);
  });

  it("answers 404 for a member already deleted, and to every other write on them", async () => {
    const member = await created();
    await call(deleteMember, { ...byId(member.id), method: "DELETE" });
    expect((await call(deleteMember, { ...byId(member.id), method: "DELETE" })).status).toBe(404);
    expect((await call(updateMember, { ...byId(member.id), method: "PUT", body: memberBody() })).status).toBe(404);
    expect((await setStatus(member.id, { status: "inactive" })).status).toBe(404);
  });

  it("answers 409 Member.HasActiveSubscription while any subscription is active, a queued one included", async () => {
    const member = await created();
    const plan = await newPlan("KEEP");
    await subscribe(member.id, plan, { from: 3, to: 33 });
    const reply = await call(deleteMember, { ...byId(member.id), method: "DELETE" });
    expect(reply).toMatchObject({
      status: 409,
      body: { code: "Member.HasActiveSubscription", message: expect.any(String) },
    });
    await running.database.db
      .update(subscriptions)
      .set({ status: "canceled" })
      .where(eq(subscriptions.memberId, member.id));
    expect((await call(deleteMember, { ...byId(member.id), method: "DELETE" })).status).toBe(204);
  });
});

describe("PUT /api/members/{id}/status", () => {
  it("suspends with a reason, audited with from, to and reason, and answers the member", async () => {
    const member = await created();
    const reply = await setStatus(member.id, { status: "suspended", reason: "Unpaid fees" });
    expect(reply).toMatchObject({ status: 200, body: { id: member.id, status: "suspended" } });
    const [, audit] = await auditOf(member.id);
    expect(audit).toMatchObject({
      action: "members.status_changed",
      severity: "Warning",
      data: { from: "inactive", to: "suspended", reason: "Unpaid fees" },
    });
  });

  it("requires a reason to suspend", async () => {
    const member = await created();
    expect(await setStatus(member.id, { status: "suspended" })).toMatchObject({
      status: 400,
      body: { errors: { reason: expect.any(Array) } },
    });
  });

  // The member's terms: none, one in force, one that ran out.
  const TERMS = { none: null, inForce: {}, ranOut: { from: -31, to: -1 } } as const;
  it.each([
    ["none", "inactive", "active", 409, "inactive"],
    ["none", "inactive", "expired", 409, "inactive"],
    ["none", "inactive", "suspended", 200, "suspended"],
    ["none", "suspended", "active", 200, "inactive"],
    ["none", "suspended", "inactive", 200, "inactive"],
    ["none", "suspended", "expired", 409, "suspended"],
    ["inForce", "active", "inactive", 409, "active"],
    ["inForce", "active", "expired", 409, "active"],
    ["inForce", "suspended", "active", 200, "active"],
    ["inForce", "suspended", "inactive", 409, "suspended"],
    ["ranOut", "expired", "active", 409, "expired"],
    ["ranOut", "expired", "suspended", 200, "suspended"],
    ["ranOut", "suspended", "active", 200, "expired"],
  ] as const)("terms %s: %s → %s answers %i, leaving the member %s", async (terms, from, to, status, after) => {
    const member = await created();
    const term = TERMS[terms];
    if (term) await subscribe(member.id, await newPlan(`S${sequence}`), term);
    await running.database.db.update(members).set({ status: from }).where(eq(members.id, member.id));
    const reply = await setStatus(member.id, { status: to, reason: "Front desk" });
    expect(reply.status).toBe(status);
    if (status === 409)
      expect(reply.body).toMatchObject({ code: "Member.InvalidStatusTransition", message: expect.any(String) });
    else expect(reply.body).toMatchObject({ status: after });
    const [row] = await running.database.db
      .select({ status: members.status })
      .from(members)
      .where(eq(members.id, member.id));
    expect(row?.status).toBe(after);
  });

  it("audits a lifted suspension with the status the member got", async () => {
    const member = await created();
    await setStatus(member.id, { status: "suspended", reason: "Unpaid fees" });
    await setStatus(member.id, { status: "active", reason: "Paid" });
    expect((await auditOf(member.id)).at(-1)).toMatchObject({
      action: "members.status_changed",
      severity: "Info",
      data: { from: "suspended", to: "inactive", reason: "Paid" },
    });
  });

  it("answers 200 and changes nothing when the member already has the status", async () => {
    const member = await created();
    expect(await setStatus(member.id, { status: "inactive" })).toMatchObject({
      status: 200,
      body: { status: "inactive" },
    });
    expect(await auditOf(member.id)).toHaveLength(1);
  });

  it("answers 404 for an unknown member and 400 for an unknown status", async () => {
    expect(await setStatus(unknownId, { status: "active" })).toMatchObject({
      status: 404,
      body: { code: "Member.NotFound" },
    });
    const member = await created();
    expect((await setStatus(member.id, { status: "frozen" })).status).toBe(400);
  });
});

describe("GET /api/members/statistics", () => {
  const statistics = async () =>
    (await call<MemberStatistics>(memberStatistics, { path: "/api/members/statistics", token })).body;

  beforeAll(freshDatabase);

  it("answers zeros for an empty club", async () => {
    expect(await statistics()).toEqual({
      countsByStatus: { active: 0, inactive: 0, suspended: 0, expired: 0 },
      total: 0,
      payingMembers: 0,
      newThisMonth: 0,
      activeSubscriptionsByPlan: [],
      monthlyRecurringRevenue: "0.00",
      currency: "EUR",
    });
  });

  it("counts live members by status, this month's joiners, subscriptions in force by plan and their monthly revenue", async () => {
    const lastYear = `${Number(clubToday(running.config.CLUB_TIMEZONE).slice(0, 4)) - 1}-06-15`;
    const ids = [];
    for (const joinedOn of [undefined, undefined, lastYear, lastYear, lastYear, lastYear, undefined])
      ids.push((await created({ joinedOn })).id);
    const [a, b, c, d, e, f, gone] = ids as [string, string, string, string, string, string, string];
    await running.database.db.update(members).set({ status: "suspended" }).where(eq(members.id, f));
    await call(deleteMember, { ...byId(gone, ""), method: "DELETE" });
    const [gold, basic] = [await newPlan("GOLD"), await newPlan("BASIC")];
    await subscribe(a, gold, { period: "monthly", price: "30.00" });
    await subscribe(b, gold, { period: "quarterly", price: "90.00" });
    await subscribe(c, basic, { period: "annual", price: "120.00" });
    // Not in force: a queued renewal, a term past its end the expiry job has not seen yet, an expired and a canceled one.
    await subscribe(a, gold, { from: 29, to: 59, price: "30.00" });
    await subscribe(d, gold, { from: -31, to: -1, price: "30.00" });
    await subscribe(e, gold, { status: "expired", price: "30.00" });
    await subscribe(f, basic, { status: "canceled", price: "30.00" });

    expect(await statistics()).toEqual({
      countsByStatus: { active: 3, inactive: 0, suspended: 1, expired: 2 },
      total: 6,
      payingMembers: 3,
      newThisMonth: 2,
      activeSubscriptionsByPlan: [
        { planId: gold, planName: "Plan GOLD", count: 2 },
        { planId: basic, planName: "Plan BASIC", count: 1 },
      ],
      monthlyRecurringRevenue: "70.00",
      currency: "EUR",
    });
  });

  it("keeps the counts exact through set-based inserts, status changes, soft and hard deletes", async () => {
    const { db } = running.database;
    await db.execute(sql`
      insert into members (first_name, last_name, email, status)
      select 'Set', 'Based ' || n, 'set' || n || '@club.example', (array['active', 'inactive', 'expired'])[1 + n % 3]::member_status
      from generate_series(1, 300) as n`);
    await db.execute(sql`update members set status = 'suspended' where email like 'set1%'`);
    await db.execute(sql`update members set deleted_at = now() where email like 'set2%'`);
    await db.execute(sql`update members set first_name = 'Renamed' where email like 'set3%'`);
    await db.execute(sql`delete from members where email like 'set4%'`);
    const counted = await db
      .select({ status: members.status, n: sql<number>`count(*)::int` })
      .from(members)
      .where(sql`${members.deletedAt} is null`)
      .groupBy(members.status);
    const expected = {
      active: 0,
      inactive: 0,
      suspended: 0,
      expired: 0,
      ...Object.fromEntries(counted.map((row) => [row.status, row.n])),
    };
    const reported = await statistics();
    expect(reported.countsByStatus).toEqual(expected);
    expect((await list("pageSize=1")).body.totalCount).toBe(reported.total);
    expect((await list("status=suspended&pageSize=1")).body.totalCount).toBe(expected.suspended);
  });

  it("rounds the revenue once, after summing in numeric", async () => {
    const plan = await newPlan("THIRDS");
    for (let i = 0; i < 3; i += 1) await subscribe((await created()).id, plan, { period: "quarterly", price: "10.00" });
    // 70.00 + 3 × 10.00 / 3 = 80.00 exactly; rounding each term first would give 79.99.
    expect((await statistics()).monthlyRecurringRevenue).toBe("80.00");
  });
});

describe("GET /api/members/export", () => {
  /** The route's raw response: CSV, not JSON. */
  const download = (query = "") =>
    exportMembers(
      new Request(`http://localhost/api/members/export${query}`, { headers: { authorization: `Bearer ${token}` } }),
      {
        params: Promise.resolve({}),
      },
    );

  beforeAll(freshDatabase);

  it("streams a CSV attachment with a header, escaped fields and formulas made inert", async () => {
    const plan = await newPlan("CSV");
    const quoted = await created({
      firstName: "Ana",
      lastName: 'O"Neil, Jr',
      notes: "Line one\nline two",
      phone: "+34 600 000 000",
    });
    await subscribe(quoted.id, plan, {});
    await created({ firstName: '=HYPERLINK("http://x")', lastName: "@SUM(A1)", notes: "-2+3" });
    const reply = await download();
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(reply.headers.get("content-disposition")).toBe(
      `attachment; filename="members-${clubToday(running.config.CLUB_TIMEZONE)}.csv"`,
    );
    const bytes = new Uint8Array(await reply.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split("\r\n");
    expect(lines[0]).toBe(
      "id,firstName,lastName,email,phone,birthDate,status,joinedOn,planCode,planName,subscriptionEndsAt,notes,createdAt",
    );
    expect(lines).toHaveLength(4);
    expect(lines.at(-1)).toBe("");
    expect(lines.find((line) => line.startsWith(quoted.id))).toMatch(
      new RegExp(
        `^${quoted.id},Ana,"O""Neil, Jr",${quoted.email},\\+34 600 000 000,,active,${clubToday(running.config.CLUB_TIMEZONE)},CSV,Plan CSV,\\d{4}-.+Z,"Line one\nline two",`,
      ),
    );
    const formula = lines.find((line) => line.includes("HYPERLINK"));
    expect(formula).toContain(`,"'=HYPERLINK(""http://x"")",'@SUM(A1),`);
    expect(formula).toContain(",'-2+3,");
  });

  it("for a comma-decimal language, separates fields by semicolons, with the BOM, phones as typed and formulas inert", async () => {
    const reply = await download("?language=es&search=ana");
    expect(reply.status).toBe(200);
    const bytes = new Uint8Array(await reply.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split("\r\n");
    expect(lines[0]).toBe(
      "id;firstName;lastName;email;phone;birthDate;status;joinedOn;planCode;planName;subscriptionEndsAt;notes;createdAt",
    );
    expect(lines[1]).toMatch(
      /;Ana;"O""Neil, Jr";member\d+@club\.example;\+34 600 000 000;;active;\d{4}-\d\d-\d\d;CSV;/,
    );
    const english = await (await download("?language=en&search=ana")).text();
    expect(english.split("\r\n")[0]).toMatch(/^id,firstName,/);
    expect((await download("?language=fr")).status).toBe(400);
  });

  it("neutralises a formula in the semicolon file too", async () => {
    const text = await (await download("?language=es&search=sum")).text();
    expect(text).toContain(`;"'=HYPERLINK(""http://x"")";'@SUM(A1);`);
  });

  it("applies the list's filters", async () => {
    const suspended = await created({ lastName: "Filtered" });
    await running.database.db.update(members).set({ status: "suspended" }).where(eq(members.id, suspended.id));
    const bySearch = await (await download("?search=filtered")).text();
    expect(bySearch.split("\r\n").slice(1, -1)).toEqual([expect.stringContaining(suspended.id)]);
    const byStatus = await (await download("?status=suspended")).text();
    expect(byStatus.split("\r\n").slice(1, -1)).toEqual([expect.stringContaining(suspended.id)]);
    expect((await download("?status=gone")).status).toBe(400);
  });

  it("streams more members than one batch, in batches, each member once", async () => {
    await running.database.db.execute(sql`
      insert into members (first_name, last_name, email, joined_on)
      select 'Bulk', 'Member ' || n, 'bulk' || n || '@club.example', date '2024-01-01' from generate_series(1, 12000) as n`);
    const reply = await download("?search=bulk");
    const reader = reply.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let chunks = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      chunks += 1;
      text += decoder.decode(part.value, { stream: true });
    }
    const rows = text.split("\r\n").slice(1, -1);
    expect(chunks).toBe(3);
    expect(rows).toHaveLength(12_000);
    expect(new Set(rows.map((row) => row.split(",")[0])).size).toBe(12_000);
  });
});
