import "@/tests/support/isolated-env";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, mailOutbox, members, plans } from "@/lib/platform/db/schema";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { waitForMail } from "@/tests/support/mail";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as enrollRoute } from "./route";

let running: Platform;
let token: string;
let gold: string;
let retired: string;

const applicant = (email: string) => ({ firstName: "Lucía", lastName: "Enrolled", email, phone: "+34 600 000 000" });
const enroll = (body: object) =>
  call<{ member: { id: string; status: string }; subscription: { id: string; status: string; price: string } }>(
    enrollRoute,
    { path: "/api/members/enroll", token, body },
  );
const membersWith = async (email: string) =>
  (
    await running.database.db
      .select({ n: count() })
      .from(members)
      .where(sql`lower(${members.email}) = ${email.toLowerCase()}`)
  )[0]?.n;

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
  gold = (
    await running.database.db.insert(plans).values({ name: "Gold", code: "GOLD", monthlyPrice: "50.00" }).returning()
  )[0]!.id;
  retired = (
    await running.database.db
      .insert(plans)
      .values({ name: "Old", code: "OLD", monthlyPrice: "5.00", isActive: false })
      .returning()
  )[0]!.id;
});
afterAll(stopPlatform);

describe("POST /api/members/enroll", () => {
  it("creates the member and the first subscription together, audited, with a welcome email", async () => {
    const reply = await enroll({
      member: applicant("lucia@club.example"),
      subscription: { planId: gold, billingPeriod: "monthly", autoRenew: true },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.member).toMatchObject({
      email: "lucia@club.example",
      status: "active",
      currentSubscription: { id: reply.body.subscription.id },
    });
    expect(reply.body.subscription).toMatchObject({ status: "active", price: "50.00", autoRenew: true });

    const actions = (
      await running.database.db.select().from(auditOutbox).where(eq(auditOutbox.entityId, reply.body.member.id))
    ).map((row) => row.action);
    expect(actions).toEqual(["members.created", "members.subscribed"]);
    const welcome = await waitForMail(running.mailer, "lucia@club.example");
    expect(welcome.text).toContain("Gold");
    expect(
      await running.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupeKey, `welcome:${reply.body.member.id}`)),
    ).toHaveLength(1);
  });

  it("leaves no member behind when the plan is refused", async () => {
    const reply = await enroll({
      member: applicant("nobody@club.example"),
      subscription: { planId: retired, billingPeriod: "monthly" },
    });
    expect(reply).toMatchObject({ status: 409, body: { code: "Subscription.PlanInactive" } });
    expect(await membersWith("nobody@club.example")).toBe(0);
  });

  it("answers 409 Member.DuplicateEmail for an email in use, whatever its case", async () => {
    const reply = await enroll({
      member: applicant("LUCIA@club.example"),
      subscription: { planId: gold, billingPeriod: "monthly" },
    });
    expect(reply).toMatchObject({ status: 409, body: { code: "Member.DuplicateEmail" } });
  });

  it("names invalid nested fields in the validation problem", async () => {
    const reply = await enroll({
      member: { ...applicant("x@club.example"), email: "nope" },
      subscription: { planId: gold, billingPeriod: "weekly" },
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain("errors");
    expect(reply.body).toMatchObject({
      errors: { "member.email": expect.any(Array), "subscription.billingPeriod": expect.any(Array) },
    });
  });

  it.runIf(process.env.DATABASE_URL)("lets one of 10 parallel enrollments with the same email win", async () => {
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        enroll({ member: applicant("race@club.example"), subscription: { planId: gold, billingPeriod: "monthly" } }),
      ),
    );
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
    expect(
      replies.filter((reply) => reply.status === 409).map((reply) => (reply.body as unknown as { code: string }).code),
    ).toEqual(Array(9).fill("Member.DuplicateEmail"));
    expect(await membersWith("race@club.example")).toBe(1);
  });
});
