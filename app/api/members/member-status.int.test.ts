import "@/tests/support/isolated-env";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberStatistics } from "@/lib/members/statistics";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { MIGRATIONS_FOLDER } from "@/lib/platform/db/migrations";
import { auditOutbox, members, plans, subscriptions } from "@/lib/platform/db/schema";
import { expireSubscriptions, processAutoRenewals } from "@/lib/subscriptions/jobs";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { PUT as changeStatus } from "./[id]/status/route";
import { POST as cancelRoute } from "./[id]/subscriptions/[sid]/cancel/route";
import { POST as changePlanRoute } from "./[id]/subscriptions/[sid]/change-plan/route";
import { POST as renewRoute } from "./[id]/subscriptions/[sid]/renew/route";
import { POST as subscribeRoute } from "./[id]/subscriptions/route";
import { POST as enrollRoute } from "./enroll/route";
import { POST as createRoute } from "./route";
import { GET as statisticsRoute } from "./statistics/route";

// Every change that moves a member's status, through the API and the jobs as staff and the scheduler make them
// (docs/api.md, "Member statuses").

type Term = { id: string; status: string; endsAt: string; canceledAt: string | null };
type Member = { id: string; status: string };

let running: Platform;
let token: string;
let staffId: string;
let gold: string;
let basic: string;
let sequence = 0;

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

const person = () => {
  sequence += 1;
  return { firstName: "Irene", lastName: `Status ${sequence}`, email: `status${sequence}@club.example` };
};
const createMember = async () =>
  (await call<Member>(createRoute, { path: "/api/members", token, body: person() })).body;
const enroll = async (autoRenew = false) =>
  (
    await call<{ member: Member; subscription: Term }>(enrollRoute, {
      path: "/api/members/enroll",
      token,
      body: { member: person(), subscription: { planId: gold, billingPeriod: "monthly", autoRenew } },
    })
  ).body;
const termCall = (memberId: string, sid: string, action: string, body: object = {}) => ({
  path: `/api/members/${memberId}/subscriptions/${sid}/${action}`,
  params: { id: memberId, sid },
  token,
  body,
});
const subscribe = (memberId: string) =>
  call<Term>(subscribeRoute, {
    path: `/api/members/${memberId}/subscriptions`,
    params: { id: memberId },
    token,
    body: { planId: gold, billingPeriod: "monthly" },
  });
const cancel = (memberId: string, sid: string) => call<Term>(cancelRoute, termCall(memberId, sid, "cancel"));
const renew = (memberId: string, sid: string) => call<Term>(renewRoute, termCall(memberId, sid, "renew"));
const setStatus = (memberId: string, body: object) =>
  call<Member>(changeStatus, {
    path: `/api/members/${memberId}/status`,
    params: { id: memberId },
    token,
    method: "PUT",
    body,
  });

async function statusOf(memberId: string) {
  const [row] = await running.database.db
    .select({ status: members.status })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.status;
}
const statusChanges = (memberId: string) =>
  running.database.db
    .select({ actorId: auditOutbox.actorId, data: auditOutbox.data })
    .from(auditOutbox)
    .where(and(eq(auditOutbox.entityId, memberId), eq(auditOutbox.action, "members.status_changed")))
    .orderBy(auditOutbox.seq);
const jobs = () => running;

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
  const [admin] = await running.database.rows<{ id: string }>(running.database.db, sql`select id from users limit 1`);
  staffId = admin!.id;
  [gold, basic] = (
    await running.database.db
      .insert(plans)
      .values([
        { name: "Gold", code: "GOLD", monthlyPrice: "50.00" },
        { name: "Basic", code: "BASIC", monthlyPrice: "20.00" },
      ])
      .returning({ id: plans.id })
  ).map((plan) => plan.id) as [string, string];
});
afterAll(stopPlatform);

describe("member status transitions", () => {
  it("a new member with no subscription is inactive", async () => {
    const member = await createMember();
    expect(member.status).toBe("inactive");
    expect(await statusChanges(member.id)).toEqual([]);
  });

  it("an enrolled member is active from the start, with no status change in the trail", async () => {
    const { member } = await enroll();
    expect(member.status).toBe("active");
    expect(await statusChanges(member.id)).toEqual([]);
  });

  it("subscribing makes an inactive member active, audited with the staff member who subscribed them", async () => {
    const member = await createMember();
    expect((await subscribe(member.id)).status).toBe(201);
    expect(await statusOf(member.id)).toBe("active");
    expect(await statusChanges(member.id)).toEqual([
      { actorId: staffId, data: { from: "inactive", to: "active", reason: "Subscribed" } },
    ]);
  });

  it("canceling the only term makes the member inactive at once, audited", async () => {
    const { member, subscription } = await enroll();
    const reply = await cancel(member.id, subscription.id);
    expect(reply).toMatchObject({ status: 200, body: { status: "canceled", canceledAt: expect.any(String) } });
    expect(await statusOf(member.id)).toBe("inactive");
    expect(await statusChanges(member.id)).toEqual([
      { actorId: staffId, data: { from: "active", to: "inactive", reason: "Subscription canceled" } },
    ]);
  });

  it("canceling a queued renewal leaves the member active on the term in force; when that runs out, expired", async () => {
    const { member, subscription } = await enroll();
    const queued = await renew(member.id, subscription.id);
    expect(queued.status).toBe(201);
    expect((await cancel(member.id, queued.body.id)).status).toBe(200);
    expect(await statusOf(member.id)).toBe("active");

    const result = await expireSubscriptions(jobs(), new Date(Date.parse(subscription.endsAt) + 1000));
    expect(result.membersExpired).toBeGreaterThanOrEqual(1);
    expect(await statusOf(member.id)).toBe("expired");
    expect((await statusChanges(member.id)).at(-1)).toEqual({
      actorId: null,
      data: { from: "active", to: "expired", reason: "Last subscription ended" },
    });
  });

  it("the expiry job leaves a member whose renewal took over active", async () => {
    const { member, subscription } = await enroll();
    expect((await renew(member.id, subscription.id)).status).toBe(201);
    await expireSubscriptions(jobs(), new Date(Date.parse(subscription.endsAt) + 1000));
    expect(await statusOf(member.id)).toBe("active");
    expect(await statusChanges(member.id)).toEqual([]);
  });

  it("renewing an expired term makes the member active again", async () => {
    const { member, subscription } = await enroll();
    await expireSubscriptions(jobs(), new Date(Date.parse(subscription.endsAt) + 1000));
    expect(await statusOf(member.id)).toBe("expired");
    expect((await renew(member.id, subscription.id)).status).toBe(201);
    expect(await statusOf(member.id)).toBe("active");
    expect((await statusChanges(member.id)).at(-1)).toMatchObject({
      data: { from: "expired", to: "active", reason: "Subscribed" },
    });
  });

  it("a plan change keeps the member active, with no status change", async () => {
    const { member, subscription } = await enroll();
    const reply = await call<Term>(
      changePlanRoute,
      termCall(member.id, subscription.id, "change-plan", { planId: basic }),
    );
    expect(reply.status).toBe(201);
    expect(await statusOf(member.id)).toBe("active");
    expect(await statusChanges(member.id)).toEqual([]);
  });

  it("a suspension is sticky: cancel and expiry leave it; lifting it gives the status the subscriptions give", async () => {
    const { member, subscription } = await enroll();
    expect((await setStatus(member.id, { status: "suspended", reason: "Unpaid fees" })).body.status).toBe("suspended");
    expect((await subscribe(member.id)).body).toMatchObject({ code: "Subscription.MemberSuspended" });
    expect((await cancel(member.id, subscription.id)).status).toBe(200);
    expect(await statusOf(member.id)).toBe("suspended");
    expect((await setStatus(member.id, { status: "active", reason: "Paid" })).body.status).toBe("inactive");

    const second = await enroll();
    await setStatus(second.member.id, { status: "suspended", reason: "Unpaid fees" });
    await expireSubscriptions(jobs(), new Date(Date.parse(second.subscription.endsAt) + 1000));
    expect(await statusOf(second.member.id)).toBe("suspended");
    expect((await setStatus(second.member.id, { status: "active" })).body.status).toBe("expired");
  });

  it("the renewal job keeps an auto-renewing member active, and puts a wrongly lapsed one right", async () => {
    const { member, subscription } = await enroll(true);
    await running.database.db.update(members).set({ status: "expired" }).where(eq(members.id, member.id));
    const renewed = await processAutoRenewals(jobs(), new Date(Date.parse(subscription.endsAt) - DAY / 2));
    expect(renewed.renewed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(member.id)).toBe("active");
    expect((await statusChanges(member.id)).at(-1)).toEqual({
      actorId: null,
      data: { from: "expired", to: "active", reason: "Renewed automatically" },
    });
  });
});

describe("migration 0017's recompute", () => {
  /** The recompute statement of the migration, as it ran on every existing database. */
  async function recompute() {
    const migration = await readFile(path.join(MIGRATIONS_FOLDER, "0017_member_statuses.sql"), "utf8");
    const statement = migration.split("--> statement-breakpoint").find((part) => part.includes("WITH changed AS"));
    await running.database.db.execute(sql.raw(statement!));
  }
  async function seeded(status: "active" | "inactive" | "suspended" | "expired", deleted = false) {
    sequence += 1;
    const [row] = await running.database.db
      .insert(members)
      .values({ ...person(), status, deletedAt: deleted ? new Date() : null })
      .returning({ id: members.id });
    return row!.id;
  }
  async function term(memberId: string, from: number, to: number, canceledAt?: number) {
    await running.database.db.insert(subscriptions).values({
      memberId,
      planId: gold,
      billingPeriod: "monthly",
      startedAt: inDays(from),
      endsAt: inDays(to),
      price: "50.00",
      currency: "EUR",
      status: canceledAt === undefined ? (to > 0 ? "active" : "expired") : "canceled",
      canceledAt: canceledAt === undefined ? null : inDays(canceledAt),
    });
  }

  it("sets every live, unsuspended member to what their subscriptions give, and audits each change", async () => {
    const neverSubscribed = await seeded("active");
    const inForce = await seeded("inactive");
    await term(inForce, -5, 25);
    const canceled = await seeded("active");
    await term(canceled, -40, -10);
    await term(canceled, -10, 20, -2);
    const ranOut = await seeded("active");
    await term(ranOut, -31, -1);
    await term(ranOut, -1, 29, -20); // a queued renewal canceled before it started
    const pastEndNotYetExpired = await seeded("active");
    await running.database.db.insert(subscriptions).values({
      memberId: pastEndNotYetExpired,
      planId: gold,
      billingPeriod: "monthly",
      startedAt: inDays(-31),
      endsAt: inDays(-1),
      price: "50.00",
      currency: "EUR",
    });
    const alreadyRight = await seeded("expired");
    await term(alreadyRight, -60, -30);
    const suspended = await seeded("suspended");
    const deleted = await seeded("active", true);

    await recompute();

    expect({
      neverSubscribed: await statusOf(neverSubscribed),
      inForce: await statusOf(inForce),
      canceled: await statusOf(canceled),
      ranOut: await statusOf(ranOut),
      pastEndNotYetExpired: await statusOf(pastEndNotYetExpired),
      alreadyRight: await statusOf(alreadyRight),
      suspended: await statusOf(suspended),
      deleted: await statusOf(deleted),
    }).toEqual({
      neverSubscribed: "inactive",
      inForce: "active",
      canceled: "inactive",
      ranOut: "expired",
      pastEndNotYetExpired: "expired",
      alreadyRight: "expired",
      suspended: "suspended",
      deleted: "active",
    });
    expect(await statusChanges(inForce)).toEqual([
      { actorId: null, data: { from: "inactive", to: "active", reason: "Recomputed from subscriptions" } },
    ]);
    expect(await statusChanges(alreadyRight)).toEqual([]);
    expect(await statusChanges(suspended)).toEqual([]);

    await recompute();
    expect(await statusChanges(inForce)).toHaveLength(1);
  });
});

describe("the dashboard's counts", () => {
  beforeAll(async () => {
    await resetDatabase(running.database);
    token = await completeSetup();
    gold = (
      await running.database.db
        .insert(plans)
        .values({ name: "Gold", code: "GOLD", monthlyPrice: "50.00" })
        .returning({ id: plans.id })
    )[0]!.id;
  });

  it("counts the members with a term in force as paying, and each status truthfully", async () => {
    await enroll();
    const suspended = await enroll();
    await setStatus(suspended.member.id, { status: "suspended", reason: "Unpaid fees" });
    await createMember();
    const canceled = await enroll();
    await cancel(canceled.member.id, canceled.subscription.id);

    const reply = await call<MemberStatistics>(statisticsRoute, { path: "/api/members/statistics", token });
    expect(reply.body).toMatchObject({
      countsByStatus: { active: 1, inactive: 2, suspended: 1, expired: 0 },
      total: 4,
      payingMembers: 2,
      activeSubscriptionsByPlan: [{ planId: gold, planName: "Gold", count: 2 }],
      monthlyRecurringRevenue: "100.00",
    });
  });
});

describe.runIf(process.env.DATABASE_URL)("races on real PostgreSQL", () => {
  const ROUNDS = 8;

  it("a cancel and a renewal of one term at once leave the member inactive with nothing active", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { member, subscription } = await enroll();
      const [canceled, renewed] = await Promise.all([
        cancel(member.id, subscription.id),
        renew(member.id, subscription.id),
      ]);
      expect(canceled.status).toBe(200);
      expect([201, 409]).toContain(renewed.status);
      const active = await running.database.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.memberId, member.id), eq(subscriptions.status, "active")));
      expect(active).toEqual([]);
      expect(await statusOf(member.id)).toBe("inactive");
    }
  });

  it("a cancel racing the renewal job leaves no live renewal and an inactive member", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { member, subscription } = await enroll(true);
      const jobTime = new Date(Date.parse(subscription.endsAt) - DAY / 2);
      await Promise.all([cancel(member.id, subscription.id), processAutoRenewals(jobs(), jobTime)]);
      const live = await running.database.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.memberId, member.id), eq(subscriptions.status, "active")));
      expect(live).toEqual([]);
      expect(await statusOf(member.id)).toBe("inactive");
    }
  });

  it("a subscription racing the expiry job leaves the member active", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const member = await createMember();
      await running.database.db.insert(subscriptions).values({
        memberId: member.id,
        planId: gold,
        billingPeriod: "monthly",
        startedAt: inDays(-31),
        endsAt: inDays(-0.001),
        price: "50.00",
        currency: "EUR",
      });
      await running.database.db.update(members).set({ status: "active" }).where(eq(members.id, member.id));
      const [subscribed] = await Promise.all([subscribe(member.id), expireSubscriptions(jobs())]);
      expect(subscribed.status).toBe(201);
      expect(await statusOf(member.id)).toBe("active");
    }
  });
});
