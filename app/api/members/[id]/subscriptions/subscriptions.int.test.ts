import "@/tests/support/isolated-env";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { serviceContext } from "@/lib/composition/services";
import { createEventDispatcher } from "@/lib/events/dispatcher";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, members, plans, subscriptions } from "@/lib/platform/db/schema";
import type { Paginated } from "@/lib/platform/pagination";
import type { SubscriptionContext } from "@/lib/subscriptions/context";
import { changePlan, createSubscription, quotePlanChange, renewSubscription } from "@/lib/subscriptions/lifecycle";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as cancel } from "./[sid]/cancel/route";
import { POST as changePlanRoute, GET as quote } from "./[sid]/change-plan/route";
import { POST as renew } from "./[sid]/renew/route";
import { GET as getTerm } from "./[sid]/route";
import { GET as listTerms, POST as subscribe } from "./route";

type Term = {
  id: string;
  status: string;
  price: string;
  startedAt: string;
  endsAt: string;
  planId: string;
  prorationCredit: string | null;
  previousSubscriptionId: string | null;
};

let running: Platform;
let token: string;
let gold: string;
let basic: string;
let memberId: string;
let sequence = 0;

async function newMember(status: "active" | "expired" | "suspended" = "active"): Promise<string> {
  sequence += 1;
  const [member] = await running.database.db
    .insert(members)
    .values({ firstName: "Marta", lastName: `Member ${sequence}`, email: `member${sequence}@club.example`, status })
    .returning({ id: members.id });
  return member!.id;
}
async function newPlan(
  code: string,
  prices: { monthlyPrice: string; quarterlyPrice?: string; annualPrice?: string },
  isActive = true,
) {
  const [plan] = await running.database.db
    .insert(plans)
    .values({ name: code, code, ...prices, isActive })
    .returning({ id: plans.id });
  return plan!.id;
}
const subscribeTo = (member: string, body: object) =>
  call<Term>(subscribe, { path: `/api/members/${member}/subscriptions`, params: { id: member }, token, body });
const termPath = (member: string, sid: string, action: string) => ({
  path: `/api/members/${member}/subscriptions/${sid}/${action}`,
  params: { id: member, sid },
  token,
});
/** The service context of the routes, at a fixed instant. */
const at = async (iso: string): Promise<SubscriptionContext> => ({
  ...(await serviceContext(null)),
  now: () => new Date(iso),
});

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
  gold = await newPlan("GOLD", { monthlyPrice: "50.00", annualPrice: "500.00" });
  basic = await newPlan("BASIC", { monthlyPrice: "20.00" });
});
beforeEach(async () => {
  memberId = await newMember();
});
afterAll(stopPlatform);

describe("POST /api/members/{id}/subscriptions", () => {
  it("starts an active term now, capturing the plan's price for the period", async () => {
    const reply = await subscribeTo(memberId, { planId: basic, billingPeriod: "quarterly", autoRenew: true });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      status: "active",
      price: "60.00",
      currency: "EUR",
      billingPeriod: "quarterly",
      autoRenew: true,
      planName: "BASIC",
    });
    const months = (Date.parse(reply.body.endsAt) - Date.parse(reply.body.startedAt)) / 86_400_000;
    expect(months).toBeGreaterThanOrEqual(89);
    expect(months).toBeLessThanOrEqual(92);
  });

  it("keeps the captured price when the plan's price changes later", async () => {
    const reply = await subscribeTo(memberId, { planId: gold, billingPeriod: "annual" });
    await running.database.db.update(plans).set({ annualPrice: "999.00" }).where(eq(plans.id, gold));
    const [stored] = await running.database.db.select().from(subscriptions).where(eq(subscriptions.id, reply.body.id));
    expect(stored?.price).toBe("500.00");
    await running.database.db.update(plans).set({ annualPrice: "500.00" }).where(eq(plans.id, gold));
  });

  it.each([
    ["2026-01-31T10:00:00Z", "monthly", "2026-02-28T10:00:00.000Z"],
    ["2028-01-31T10:00:00Z", "monthly", "2028-02-29T10:00:00.000Z"],
    ["2028-02-29T10:00:00Z", "annual", "2029-02-28T10:00:00.000Z"],
    ["2026-11-30T10:00:00Z", "quarterly", "2027-02-28T10:00:00.000Z"],
    ["2026-03-10T09:00:00Z", "monthly", "2026-04-10T08:00:00.000Z"],
  ])("a term starting %s (%s) ends %s: calendar months in Europe/Madrid", async (start, period, end) => {
    const created = await createSubscription(await at(start), memberId, {
      planId: gold,
      billingPeriod: period as "monthly",
      autoRenew: false,
    });
    expect(created.ok && created.value.endsAt.toISOString()).toBe(end);
  });

  it("refuses a second active subscription with 409 Subscription.AlreadyActive", async () => {
    await subscribeTo(memberId, { planId: gold, billingPeriod: "monthly" });
    const second = await subscribeTo(memberId, { planId: basic, billingPeriod: "monthly" });
    expect(second).toMatchObject({ status: 409, body: { code: "Subscription.AlreadyActive" } });
  });

  it("answers the documented errors for unknown member, unknown or inactive plan and suspended member", async () => {
    const unknownMember = "00000000-0000-4000-8000-00000000000a";
    expect((await subscribeTo(unknownMember, { planId: gold, billingPeriod: "monthly" })).body).toMatchObject({
      code: "Member.NotFound",
    });
    const unknownPlan = await subscribeTo(memberId, {
      planId: "00000000-0000-4000-8000-00000000000b",
      billingPeriod: "monthly",
    });
    expect(unknownPlan).toMatchObject({ status: 400, body: { code: "Subscription.PlanNotFound" } });
    const retired = await newPlan(`OLD${sequence}`, { monthlyPrice: "5.00" }, false);
    expect(await subscribeTo(memberId, { planId: retired, billingPeriod: "monthly" })).toMatchObject({
      status: 409,
      body: { code: "Subscription.PlanInactive" },
    });
    const suspended = await newMember("suspended");
    expect((await subscribeTo(suspended, { planId: gold, billingPeriod: "monthly" })).body).toMatchObject({
      code: "Subscription.MemberSuspended",
    });
    expect((await subscribeTo(memberId, { planId: gold, billingPeriod: "weekly" })).status).toBe(400);
  });

  it("puts an expired member back to active, audited as a status change by the staff member", async () => {
    const lapsed = await newMember("expired");
    await subscribeTo(lapsed, { planId: gold, billingPeriod: "monthly" });
    const [member] = await running.database.db.select().from(members).where(eq(members.id, lapsed));
    expect(member?.status).toBe("active");
    const changes = await running.database.db
      .select()
      .from(auditOutbox)
      .where(and(eq(auditOutbox.action, "members.status_changed"), eq(auditOutbox.entityId, lapsed)));
    expect(changes).toEqual([
      expect.objectContaining({
        actorId: expect.any(String),
        data: { from: "expired", to: "active", reason: "Subscribed" },
      }),
    ]);
  });

  it("dispatches MemberSubscribedEvent in the saving transaction: its audit row commits with it", async () => {
    const reply = await subscribeTo(memberId, { planId: gold, billingPeriod: "monthly" });
    const audit = await running.database.db.select().from(auditOutbox).where(eq(auditOutbox.entityId, memberId));
    expect(audit).toEqual([
      expect.objectContaining({
        action: "members.subscribed",
        data: expect.objectContaining({ subscriptionId: reply.body.id, source: "direct" }),
      }),
    ]);
  });

  it("rolls the subscription back when a consumer of the event fails", async () => {
    const failing = createEventDispatcher({
      MemberSubscribedEvent: [
        async () => {
          throw new Error("consumer down");
        },
      ],
      SubscriptionEndedEvent: [],
    });
    const ctx = { ...(await serviceContext(null)), events: failing };
    await expect(
      createSubscription(ctx, memberId, { planId: gold, billingPeriod: "monthly", autoRenew: false }),
    ).rejects.toThrow("consumer down");
    expect(await running.database.db.select().from(subscriptions).where(eq(subscriptions.memberId, memberId))).toEqual(
      [],
    );
  });

  it.runIf(process.env.DATABASE_URL)("lets one of 10 parallel subscriptions for one member win", async () => {
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => subscribeTo(memberId, { planId: gold, billingPeriod: "monthly" })),
    );
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(9);
  });
});

describe("change plan", () => {
  it("quotes and then makes the change: old term canceled, new one with the proration credit", async () => {
    const created = await createSubscription(await at("2026-01-01T09:00:00Z"), memberId, {
      planId: basic,
      billingPeriod: "monthly",
      autoRenew: true,
    });
    if (!created.ok) throw new Error("not created");
    const old = created.value;
    const ctx = await at("2026-01-11T15:00:00Z");
    // 31-day term, 21 unused days: 20.00 × 21 / 31 = 13.548… → 13.55 credit against 50.00.
    const preview = await quotePlanChange(ctx, memberId, old.id, { planId: gold });
    expect(preview).toEqual({
      ok: true,
      value: {
        planId: gold,
        billingPeriod: "monthly",
        price: "50.00",
        prorationCredit: "13.55",
        amountDue: "36.45",
        currency: "EUR",
      },
    });

    const changed = await changePlan(ctx, memberId, old.id, { planId: gold });
    expect(changed.ok && changed.value).toMatchObject({
      planId: gold,
      price: "50.00",
      prorationCredit: "13.55",
      previousSubscriptionId: old.id,
      autoRenew: true,
      status: "active",
    });
    const [previous] = await running.database.db.select().from(subscriptions).where(eq(subscriptions.id, old.id));
    expect(previous).toMatchObject({ status: "canceled", autoRenew: false });
  });

  it("rolls back the cancellation when the new plan is refused", async () => {
    const term = (await subscribeTo(memberId, { planId: basic, billingPeriod: "monthly" })).body;
    const retired = await newPlan(`GONE${sequence}`, { monthlyPrice: "5.00" }, false);
    const reply = await call(changePlanRoute, {
      ...termPath(memberId, term.id, "change-plan"),
      body: { planId: retired },
    });
    expect(reply).toMatchObject({ status: 409, body: { code: "Subscription.PlanInactive" } });
    const [unchanged] = await running.database.db.select().from(subscriptions).where(eq(subscriptions.id, term.id));
    expect(unchanged?.status).toBe("active");
  });

  it("answers over HTTP, with 409 for the same plan and for a term that is no longer active", async () => {
    const term = (await subscribeTo(memberId, { planId: basic, billingPeriod: "monthly" })).body;
    const quoteReply = await call(quote, {
      ...termPath(memberId, term.id, "change-plan"),
      path: `/api/members/${memberId}/subscriptions/${term.id}/change-plan?planId=${gold}`,
    });
    expect(quoteReply).toMatchObject({ status: 200, body: { price: "50.00", currency: "EUR" } });
    const same = await call(changePlanRoute, {
      ...termPath(memberId, term.id, "change-plan"),
      body: { planId: basic },
    });
    expect(same).toMatchObject({ status: 409, body: { code: "Subscription.SamePlan" } });
    const changed = await call<Term>(changePlanRoute, {
      ...termPath(memberId, term.id, "change-plan"),
      body: { planId: basic, billingPeriod: "annual" },
    });
    expect(changed).toMatchObject({
      status: 201,
      body: { billingPeriod: "annual", price: "240.00", previousSubscriptionId: term.id },
    });
    const again = await call(changePlanRoute, {
      ...termPath(memberId, term.id, "change-plan"),
      body: { planId: gold },
    });
    expect(again).toMatchObject({ status: 409, body: { code: "Subscription.NotActive" } });
  });
});

describe("renew", () => {
  it("starts the next term where the current one ends, once", async () => {
    const term = (await subscribeTo(memberId, { planId: gold, billingPeriod: "monthly" })).body;
    const renewed = await call<Term>(renew, { ...termPath(memberId, term.id, "renew"), method: "POST" });
    expect(renewed).toMatchObject({
      status: 201,
      body: { startedAt: term.endsAt, previousSubscriptionId: term.id, status: "active", price: "50.00" },
    });
    const twice = await call(renew, { ...termPath(memberId, term.id, "renew"), method: "POST" });
    expect(twice).toMatchObject({ status: 409, body: { code: "Subscription.AlreadyRenewed" } });
    const terms = await call<Paginated<Term>>(listTerms, {
      path: `/api/members/${memberId}/subscriptions`,
      params: { id: memberId },
      token,
    });
    expect(terms.body.items.map((t) => t.id)).toEqual([renewed.body.id, term.id]);
  });

  it("renews an expired term from now and refuses a canceled one", async () => {
    const created = await createSubscription(await at("2025-01-01T09:00:00Z"), memberId, {
      planId: gold,
      billingPeriod: "monthly",
      autoRenew: false,
    });
    if (!created.ok) throw new Error("not created");
    await running.database.db
      .update(subscriptions)
      .set({ status: "expired" })
      .where(eq(subscriptions.id, created.value.id));
    const renewed = await renewSubscription(await at("2026-05-05T10:00:00Z"), memberId, created.value.id);
    expect(renewed.ok && renewed.value.startedAt.toISOString()).toBe("2026-05-05T10:00:00.000Z");

    const other = await newMember();
    const term = (await subscribeTo(other, { planId: gold, billingPeriod: "monthly" })).body;
    await call(cancel, { ...termPath(other, term.id, "cancel"), method: "POST" });
    expect(await call(renew, { ...termPath(other, term.id, "renew"), method: "POST" })).toMatchObject({
      status: 409,
      body: { code: "Subscription.NotRenewable" },
    });
  });

  it.runIf(process.env.DATABASE_URL)("lets one of 10 parallel renewals of one term win", async () => {
    const term = (await subscribeTo(memberId, { planId: gold, billingPeriod: "monthly" })).body;
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => call(renew, { ...termPath(memberId, term.id, "renew"), method: "POST" })),
    );
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
    expect(
      await running.database.db.select().from(subscriptions).where(eq(subscriptions.previousSubscriptionId, term.id)),
    ).toHaveLength(1);
  });
});

describe("cancel", () => {
  it("cancels an active term and the renewal queued after it; a second cancel is 409", async () => {
    const term = (await subscribeTo(memberId, { planId: gold, billingPeriod: "monthly", autoRenew: true })).body;
    const next = (await call<Term>(renew, { ...termPath(memberId, term.id, "renew"), method: "POST" })).body;
    const reply = await call<Term>(cancel, {
      ...termPath(memberId, term.id, "cancel"),
      body: { reason: "Moving abroad" },
    });
    expect(reply).toMatchObject({
      status: 200,
      body: { status: "canceled", autoRenew: false, canceledAt: expect.any(String) },
    });
    const [queued] = await running.database.db.select().from(subscriptions).where(eq(subscriptions.id, next.id));
    expect(queued?.status).toBe("canceled");
    expect(await call(cancel, { ...termPath(memberId, term.id, "cancel"), method: "POST" })).toMatchObject({
      status: 409,
      body: { code: "Subscription.NotActive" },
    });
    const audit = await running.database.db.select().from(auditOutbox).where(eq(auditOutbox.entityId, term.id));
    expect(audit).toEqual([
      expect.objectContaining({ action: "subscriptions.canceled", data: { memberId, reason: "Moving abroad" } }),
    ]);
  });

  it("answers 404 Subscription.NotFound for another member's term", async () => {
    const term = (await subscribeTo(memberId, { planId: gold, billingPeriod: "monthly" })).body;
    const stranger = await newMember();
    expect(await call(cancel, { ...termPath(stranger, term.id, "cancel"), method: "POST" })).toMatchObject({
      status: 404,
      body: { code: "Subscription.NotFound" },
    });
  });
});

describe("GET /api/members/{id}/subscriptions (a page of terms)", () => {
  const listOf = (member: string, query = "") =>
    call<Paginated<Term>>(listTerms, {
      path: `/api/members/${member}/subscriptions${query}`,
      params: { id: member },
      token,
    });

  it("answers spec 2.10's page, newest first unless asked otherwise", async () => {
    const first = (await subscribeTo(memberId, { planId: gold, billingPeriod: "monthly" })).body;
    const second = (await call<Term>(renew, { ...termPath(memberId, first.id, "renew"), method: "POST" })).body;
    const third = (await call<Term>(renew, { ...termPath(memberId, second.id, "renew"), method: "POST" })).body;

    const all = await listOf(memberId);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ totalCount: 3, pageNumber: 1, pageSize: 20, totalPages: 1 });
    expect(all.body.items.map((t) => t.id)).toEqual([third.id, second.id, first.id]);

    const page2 = await listOf(memberId, "?pageSize=2&pageNumber=2");
    expect(page2.body).toMatchObject({ totalCount: 3, pageNumber: 2, pageSize: 2, totalPages: 2 });
    expect(page2.body.items.map((t) => t.id)).toEqual([first.id]);

    const oldestFirst = await listOf(memberId, "?orderBy=endsAt&orderDirection=asc");
    expect(oldestFirst.body.items.map((t) => t.id)).toEqual([first.id, second.id, third.id]);
  });

  it("refuses a sort key it does not offer, and an unknown member", async () => {
    const refused = await listOf(memberId, "?orderBy=price");
    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await listOf(unknown)).toMatchObject({ status: 404, body: { code: "Member.NotFound" } });
  });
});

describe("Location of a created term", () => {
  const follow = (location: string | null) => {
    const [, member, sid] = /^\/api\/members\/([^/]+)\/subscriptions\/([^/]+)$/.exec(location ?? "") ?? [];
    return call<Term>(getTerm, { path: location ?? "", params: { id: member ?? "", sid: sid ?? "" }, token });
  };

  it("names the new term on subscribe, renew and plan change, and GET answers it", async () => {
    const subscribed = await subscribeTo(memberId, { planId: gold, billingPeriod: "monthly" });
    expect(subscribed.headers.get("location")).toBe(`/api/members/${memberId}/subscriptions/${subscribed.body.id}`);
    expect(await follow(subscribed.headers.get("location"))).toMatchObject({ status: 200, body: subscribed.body });

    const renewed = await call<Term>(renew, { ...termPath(memberId, subscribed.body.id, "renew"), method: "POST" });
    expect(renewed.headers.get("location")).toBe(`/api/members/${memberId}/subscriptions/${renewed.body.id}`);

    const changed = await call<Term>(changePlanRoute, {
      ...termPath(memberId, subscribed.body.id, "change-plan"),
      body: { planId: basic },
    });
    expect(changed.status).toBe(201);
    expect(await follow(changed.headers.get("location"))).toMatchObject({ status: 200, body: { id: changed.body.id } });
  });

  it("answers 404 for a term of another member, and no Location on a refusal", async () => {
    const term = (await subscribeTo(memberId, { planId: gold, billingPeriod: "monthly" })).body;
    const other = await newMember();
    const elsewhere = await call(getTerm, {
      path: `/api/members/${other}/subscriptions/${term.id}`,
      params: { id: other, sid: term.id },
      token,
    });
    expect(elsewhere).toMatchObject({ status: 404, body: { code: "Subscription.NotFound" } });
    const refused = await subscribeTo(memberId, { planId: gold, billingPeriod: "monthly" });
    expect(refused.status).toBe(409);
    expect(refused.headers.has("location")).toBe(false);
  });
});
