import "@/tests/support/isolated-env";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { mailOutbox, members, plans } from "@/lib/platform/db/schema";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { waitForMail } from "@/tests/support/mail";
import { resetDatabase } from "@/tests/support/reset-database";
import { GET as getMember, PUT as updateMember } from "./[id]/route";
import { POST as cancel } from "./[id]/subscriptions/[sid]/cancel/route";
import { POST as changePlan } from "./[id]/subscriptions/[sid]/change-plan/route";
import { POST as subscribe } from "./[id]/subscriptions/route";
import { POST as enrollRoute } from "./enroll/route";
import { POST as createMemberRoute } from "./route";

type Member = { id: string; email: string; language: "en" | "es" | null; version: number };
type Term = { id: string };

let running: Platform;
let token: string;
let gold: string;
let silver: string;
let sequence = 0;

const person = (language?: "en" | "es" | null) => {
  sequence += 1;
  return {
    firstName: "Lucía",
    lastName: `Martín ${sequence}`,
    email: `lucia${sequence}@club.example`,
    ...(language === undefined ? {} : { language }),
  };
};
const createMember = (body: object) => call<Member>(createMemberRoute, { path: "/api/members", token, body });
const readMember = (id: string) => call<Member>(getMember, { path: `/api/members/${id}`, params: { id }, token });
const putMember = (id: string, body: object) =>
  call<Member>(updateMember, { path: `/api/members/${id}`, method: "PUT", params: { id }, token, body });
const subscribeTo = async (memberId: string, planId = gold) => {
  const reply = await call<Term>(subscribe, {
    path: `/api/members/${memberId}/subscriptions`,
    params: { id: memberId },
    token,
    body: { planId, billingPeriod: "monthly" },
  });
  expect(reply.status).toBe(201);
  return reply.body;
};
const onTerm = (memberId: string, sid: string, action: string, body: object = {}) => ({
  path: `/api/members/${memberId}/subscriptions/${sid}/${action}`,
  params: { id: memberId, sid },
  token,
  body,
});
/** The welcome mail queued for a member, as the outbox keeps it. */
const welcomesOf = (email: string) =>
  running.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, "welcome")));

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
  const [goldPlan, silverPlan] = await running.database.db
    .insert(plans)
    .values([
      { name: "Oro", code: "ORO", monthlyPrice: "50.00" },
      { name: "Plata", code: "PLATA", monthlyPrice: "30.00" },
    ])
    .returning({ id: plans.id });
  gold = goldPlan!.id;
  silver = silverPlan!.id;
});
afterAll(stopPlatform);

describe("a member's language", () => {
  it("is stored on create, read back, kept by an update that omits it and cleared by null", async () => {
    const created = await createMember(person("es"));
    expect(created).toMatchObject({ status: 201, body: { language: "es" } });
    expect((await readMember(created.body.id)).body.language).toBe("es");

    const { language: _omitted, ...withoutLanguage } = person();
    const kept = await putMember(created.body.id, { ...withoutLanguage, email: created.body.email });
    expect(kept).toMatchObject({ status: 200, body: { language: "es" } });

    const cleared = await putMember(created.body.id, { ...withoutLanguage, email: created.body.email, language: null });
    expect(cleared).toMatchObject({ status: 200, body: { language: null } });
  });

  it("is null (the club's default) when not given", async () => {
    expect(await createMember(person())).toMatchObject({ status: 201, body: { language: null } });
  });

  it("refuses a language the club's emails are not written in", async () => {
    const reply = await createMember(person("fr" as "en"));
    expect(reply).toMatchObject({ status: 400, body: { errors: { language: expect.any(Array) } } });
  });
});

describe("the welcome email", () => {
  it("reaches a member who enrols with language es in Spanish", async () => {
    const applicant = person("es");
    const reply = await call<{ member: Member }>(enrollRoute, {
      path: "/api/members/enroll",
      token,
      body: { member: applicant, subscription: { planId: gold, billingPeriod: "monthly" } },
    });
    expect(reply.status).toBe(201);

    const delivered = await waitForMail(running.mailer, applicant.email);
    expect(delivered.subject).toBe("Le damos la bienvenida a Test Club");
    expect(delivered.html).toContain('lang="es"');
    expect(delivered.text).toContain("Es un placer contar con usted en Test Club");
    expect(delivered.text).toContain("Oro");
    const [stored, ...others] = await welcomesOf(applicant.email);
    expect(others).toEqual([]);
    expect(stored?.props).toMatchObject({ language: "es", clubName: "Test Club", timeZone: "Europe/Madrid" });
  });

  it("reaches a member with no language in the club's default, English", async () => {
    const applicant = person();
    await call(enrollRoute, {
      path: "/api/members/enroll",
      token,
      body: { member: applicant, subscription: { planId: gold, billingPeriod: "monthly" } },
    });
    expect((await waitForMail(running.mailer, applicant.email)).subject).toBe("Welcome to Test Club");
  });

  it("goes out when a new member is created and then subscribed, once", async () => {
    const member = (await createMember(person("es"))).body;
    expect(await welcomesOf(member.email)).toEqual([]);

    await subscribeTo(member.id);

    expect((await waitForMail(running.mailer, member.email)).subject).toBe("Le damos la bienvenida a Test Club");
    expect(await welcomesOf(member.email)).toHaveLength(1);
    const [stored] = await running.database.db
      .select({ welcomedAt: members.welcomedAt })
      .from(members)
      .where(eq(members.id, member.id));
    expect(stored?.welcomedAt).toBeInstanceOf(Date);
  });

  it("does not go out again for a second subscription (a plan change)", async () => {
    const member = (await createMember(person())).body;
    const first = await subscribeTo(member.id);
    expect(await welcomesOf(member.email)).toHaveLength(1);

    const changed = await call(changePlan, onTerm(member.id, first.id, "change-plan", { planId: silver }));
    expect(changed.status).toBe(201);

    expect(await welcomesOf(member.email)).toHaveLength(1);
  });

  it("does not go out again when a member cancels and subscribes again", async () => {
    const member = (await createMember(person())).body;
    const first = await subscribeTo(member.id);
    expect((await call(cancel, onTerm(member.id, first.id, "cancel", { reason: "moving away" }))).status).toBe(200);

    await subscribeTo(member.id, silver);

    expect(await welcomesOf(member.email)).toHaveLength(1);
  });

  it("does not go out for a member the migration counted as welcomed (a subscription before the rule)", async () => {
    const member = (await createMember(person())).body;
    await running.database.db.update(members).set({ welcomedAt: new Date() }).where(eq(members.id, member.id));

    await subscribeTo(member.id);

    expect(await welcomesOf(member.email)).toEqual([]);
  });
});
