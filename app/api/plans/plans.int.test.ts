import "@/tests/support/isolated-env";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, planBenefits } from "@/lib/platform/db/schema";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { DELETE as deactivatePlan, GET as getPlan, PUT as updatePlan } from "./[id]/route";
import { POST as createPlan, GET as listPlans } from "./route";

type Plan = {
  id: string;
  code: string;
  name: string;
  monthlyPrice: string;
  isActive: boolean;
  benefits: Array<{ name: string; sortOrder: number }>;
};
type Page = { items: Plan[]; totalCount: number; totalPages: number; pageSize: number };

let running: Platform;
let token: string;

const gold = {
  name: "Gold",
  code: "gold-1",
  description: "Everything, all day",
  monthlyPrice: "49.9",
  quarterlyPrice: 134.5,
  annualPrice: "499.00",
  benefits: [{ name: "Pool" }, { name: "Sauna", description: "Weekends only" }],
};
const create = (body: object) => call<Plan>(createPlan, { path: "/api/plans", token, body });
const byId = (id: string) => ({ path: `/api/plans/${id}`, params: { id } });

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
});
afterAll(stopPlatform);

describe("POST /api/plans", () => {
  it("creates a plan with exact decimal prices, the configured currency and ordered benefits", async () => {
    const reply = await create(gold);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      name: "Gold",
      code: "GOLD-1",
      monthlyPrice: "49.90",
      quarterlyPrice: "134.50",
      annualPrice: "499.00",
      currency: "EUR",
      isActive: true,
      activeSubscriptions: 0,
      benefits: [
        { name: "Pool", description: null, sortOrder: 0 },
        { name: "Sauna", description: "Weekends only", sortOrder: 1 },
      ],
    });
    const [audit] = await running.database.db.select().from(auditOutbox).where(eq(auditOutbox.entityId, reply.body.id));
    expect(audit).toMatchObject({ action: "plans.created" });
  });

  it("answers 409 Plan.DuplicateCode for a code in use, whatever its case", async () => {
    const reply = await create({ ...gold, name: "Gold again", code: "GOLD-1" });
    expect(reply).toMatchObject({ status: 409, body: { code: "Plan.DuplicateCode", message: expect.any(String) } });
  });

  it.each([
    ["a missing monthly price", { monthlyPrice: undefined }, "monthlyPrice"],
    ["three decimals", { monthlyPrice: "10.999" }, "monthlyPrice"],
    ["a negative price", { annualPrice: -1 }, "annualPrice"],
    ["a bad code", { code: "gold plan!" }, "code"],
    ["a nameless benefit", { benefits: [{ name: "" }] }, "benefits.0.name"],
  ])("rejects %s with a validation problem naming the field", async (_case, change, field) => {
    const reply = await create({ ...gold, code: "OTHER", ...change });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ errors: { [field]: expect.any(Array) } });
  });
});

describe("GET /api/plans", () => {
  it("pages, filters by isActive and searches by name or code", async () => {
    await create({ name: "Basic", code: "BASIC", monthlyPrice: 19 });
    await create({ name: "Old", code: "OLD", monthlyPrice: 9, isActive: false });
    const all = await call<Page>(listPlans, { path: "/api/plans?orderBy=monthlyPrice&orderDirection=desc", token });
    expect(all.body.items.map((plan) => plan.code)).toEqual(["GOLD-1", "BASIC", "OLD"]);
    const active = await call<Page>(listPlans, { path: "/api/plans?isActive=true&pageSize=1", token });
    expect(active.body).toMatchObject({ totalCount: 2, totalPages: 2, pageSize: 1 });
    const found = await call<Page>(listPlans, { path: "/api/plans?search=bas", token });
    expect(found.body.items.map((plan) => plan.code)).toEqual(["BASIC"]);
  });

  it.each(["isActive=maybe", "orderBy=price"])("rejects %s", async (query) => {
    expect((await call(listPlans, { path: `/api/plans?${query}`, token })).status).toBe(400);
  });
});

describe("GET, PUT and DELETE /api/plans/{id}", () => {
  it("answers 404 Plan.NotFound for an unknown plan on every verb", async () => {
    const unknown = byId("00000000-0000-4000-8000-000000000009");
    expect((await call(getPlan, { ...unknown, token })).body).toMatchObject({ code: "Plan.NotFound" });
    expect((await call(updatePlan, { ...unknown, method: "PUT", token, body: gold })).status).toBe(404);
    expect((await call(deactivatePlan, { ...unknown, method: "DELETE", token })).status).toBe(404);
  });

  it("replaces the fields and the benefits", async () => {
    const plan = (await create({ ...gold, code: "SILVER" })).body;
    const reply = await call<Plan>(updatePlan, {
      ...byId(plan.id),
      method: "PUT",
      token,
      body: { ...gold, code: "SILVER", monthlyPrice: "39.99", quarterlyPrice: null, benefits: [{ name: "Gym floor" }] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      monthlyPrice: "39.99",
      quarterlyPrice: null,
      benefits: [{ name: "Gym floor", sortOrder: 0 }],
    });
    expect(await running.database.db.select().from(planBenefits).where(eq(planBenefits.planId, plan.id))).toHaveLength(
      1,
    );
  });

  it("deactivates on DELETE, keeps the plan readable and is harmless to repeat", async () => {
    const plan = (await create({ ...gold, code: "BRONZE" })).body;
    const reply = await call<Plan>(deactivatePlan, { ...byId(plan.id), method: "DELETE", token });
    expect(reply).toMatchObject({ status: 200, body: { id: plan.id, isActive: false } });
    expect((await call(deactivatePlan, { ...byId(plan.id), method: "DELETE", token })).status).toBe(200);
    expect((await call<Plan>(getPlan, { ...byId(plan.id), token })).body.isActive).toBe(false);
    const active = await call<Page>(listPlans, { path: "/api/plans?isActive=true&pageSize=100", token });
    expect(active.body.items.map((item) => item.code)).not.toContain("BRONZE");
  });
});

describe("a plan's IVA", () => {
  const exempt = "Exento, art. 20.1.13º Ley 37/1992 del IVA";
  type Taxed = Plan & { taxRate: string | null; exemptReason: string | null; version: number };
  const put = (id: string, body: object) =>
    call<Taxed>(updatePlan, { ...byId(id), method: "PUT", token, body: { ...gold, code: "TAXED", ...body } });

  it("follows the club's default unless it names a rate, and is exempt only with a reason", async () => {
    const plain = await create({ ...gold, code: "PLAIN" });
    expect(plain.body).toMatchObject({ taxRate: null, exemptReason: null });
    const reduced = await create({ ...gold, code: "REDUCED", taxRate: "10" });
    expect(reduced.body).toMatchObject({ taxRate: "10.00", exemptReason: null });
    const sport = await create({ ...gold, code: "TAXED", exemptReason: exempt });
    expect(sport.status).toBe(201);
    expect(sport.body).toMatchObject({ taxRate: "0.00", exemptReason: exempt });
    // Omitted on update: unchanged.
    expect((await put(sport.body.id, {})).body).toMatchObject({ taxRate: "0.00", exemptReason: exempt });
    // Clearing the exemption without a rate: the club's default again.
    expect((await put(sport.body.id, { exemptReason: null })).body).toMatchObject({
      taxRate: null,
      exemptReason: null,
    });
    expect((await put(sport.body.id, { taxRate: 4 })).body).toMatchObject({ taxRate: "4.00", exemptReason: null });
  });

  it("stops being exempt when an update names a rate, the club's default (null) or another", async () => {
    const sport = await create({ ...gold, code: "EXEMPT-THEN", exemptReason: exempt });
    const byDefault = await put(sport.body.id, { code: "EXEMPT-THEN", taxRate: null });
    expect(byDefault.status).toBe(200);
    expect(byDefault.body).toMatchObject({ taxRate: null, exemptReason: null });
    await put(sport.body.id, { code: "EXEMPT-THEN", exemptReason: exempt });
    const reduced = await put(sport.body.id, { code: "EXEMPT-THEN", taxRate: "10" });
    expect(reduced.body).toMatchObject({ taxRate: "10.00", exemptReason: null });
  });

  it("refuses a rate of 0 without a reason, a reason with another rate and a rate over 100 %, creating nothing", async () => {
    const errorsOf = async (body: object) => {
      const refused = await create({ ...gold, code: "REFUSED", ...body });
      expect(refused.status).toBe(400);
      return Object.keys((refused.body as unknown as { errors: object }).errors);
    };
    expect(await errorsOf({ taxRate: "0" })).toEqual(["exemptReason"]);
    expect(await errorsOf({ taxRate: "21", exemptReason: exempt })).toEqual(["taxRate"]);
    expect(await errorsOf({ taxRate: "100.01" })).toEqual(["taxRate"]);
    expect(await errorsOf({ taxRate: "-1" })).toEqual(["taxRate"]);
    const all = await call<Page>(listPlans, { path: "/api/plans?search=REFUSED", token });
    expect(all.body.totalCount).toBe(0);
  });
});
