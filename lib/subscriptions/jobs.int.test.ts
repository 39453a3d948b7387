import "@/tests/support/isolated-env";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverPendingMail } from "@/lib/mail/delivery";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, mailOutbox, members, plans, platformSettings, subscriptions } from "@/lib/platform/db/schema";
import { resetDatabase } from "@/tests/support/reset-database";
import { expireSubscriptions, processAutoRenewals, sendRenewalReminders } from "./jobs";

let running: Platform;
let gold: string;
let retired: string;
let sequence = 0;

const NOW = new Date("2026-01-30T23:30:00Z"); // 00:30 on 31 January in Madrid

async function member(status: "active" | "expired" | "suspended" = "active", language: "en" | "es" | null = null) {
  sequence += 1;
  const [row] = await running.database.db
    .insert(members)
    .values({
      firstName: `Member${sequence}`,
      lastName: "Jobs",
      email: `jobs${sequence}@club.example`,
      status,
      language,
    })
    .returning({ id: members.id });
  return row!.id;
}
async function term(
  memberId: string,
  values: {
    endsAt: string;
    autoRenew?: boolean;
    planId?: string;
    billingPeriod?: "monthly" | "annual";
    startedAt?: string;
  },
) {
  const [row] = await running.database.db
    .insert(subscriptions)
    .values({
      memberId,
      planId: values.planId ?? gold,
      billingPeriod: values.billingPeriod ?? "monthly",
      startedAt: new Date(values.startedAt ?? "2025-12-31T09:00:00Z"),
      endsAt: new Date(values.endsAt),
      price: "40.00",
      currency: "EUR",
      autoRenew: values.autoRenew ?? false,
    })
    .returning({ id: subscriptions.id });
  return row!.id;
}
const successorOf = async (id: string) =>
  running.database.db.select().from(subscriptions).where(eq(subscriptions.previousSubscriptionId, id));

beforeAll(async () => {
  running = await platform();
});
beforeEach(async () => {
  await resetDatabase(running.database);
  await running.database.db.insert(platformSettings).values({ platformName: "Club Náutico" });
  const [goldPlan] = await running.database.db
    .insert(plans)
    .values({ name: "Gold", code: "GOLD", monthlyPrice: "45.00" })
    .returning();
  const [retiredPlan] = await running.database.db
    .insert(plans)
    .values({ name: "Old", code: "OLD", monthlyPrice: "10.00", isActive: false })
    .returning();
  gold = goldPlan!.id;
  retired = retiredPlan!.id;
});
afterAll(stopPlatform);

describe("processAutoRenewals", () => {
  it("renews only auto-renewing active terms ending within 24 hours, at today's plan price, once", async () => {
    const lapsed = await member("expired");
    const due = await term(lapsed, { endsAt: "2026-01-31T09:00:00Z", autoRenew: true });
    const notYet = await term(await member(), { endsAt: "2026-02-03T09:00:00Z", autoRenew: true });
    const manual = await term(await member(), { endsAt: "2026-01-31T09:00:00Z" });
    const planGone = await term(await member(), { endsAt: "2026-01-31T09:00:00Z", autoRenew: true, planId: retired });
    const suspended = await term(await member("suspended"), { endsAt: "2026-01-31T09:00:00Z", autoRenew: true });

    expect(await processAutoRenewals(running, NOW)).toEqual({ renewed: 1, mailed: 1, invoiced: 0 });
    const [next] = await successorOf(due);
    // 31 January 10:00 in Madrid + 1 month = 28 February 10:00 (clamped to the month's end).
    expect(next).toMatchObject({
      status: "active",
      startedAt: new Date("2026-01-31T09:00:00Z"),
      endsAt: new Date("2026-02-28T09:00:00Z"),
      price: "45.00",
      autoRenew: true,
    });
    for (const untouched of [notYet, manual, planGone, suspended]) expect(await successorOf(untouched)).toEqual([]);
    const [lapsedMember] = await running.database.db.select().from(members).where(eq(members.id, lapsed));
    expect(lapsedMember?.status).toBe("active");
    expect(
      await running.database.db.select().from(auditOutbox).where(eq(auditOutbox.action, "members.status_changed")),
    ).toEqual([
      expect.objectContaining({
        entity: "member",
        entityId: lapsed,
        actorId: null,
        severity: "Info",
        data: { from: "expired", to: "active", reason: "Renewed automatically" },
      }),
    ]);
    const [mail] = await running.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "renewal-confirmation"));
    expect(mail?.props).toEqual({
      memberName: expect.stringMatching(/^Member/),
      planName: "Gold",
      newEndsOn: "2026-02-28",
      price: "45.00",
      currency: "EUR",
      clubName: "Club Náutico",
      // A member with no language of their own: the club's default.
      language: "en",
      timeZone: "Europe/Madrid",
    });
    expect(
      await running.database.db.select().from(auditOutbox).where(eq(auditOutbox.action, "subscriptions.auto_renewed")),
    ).toHaveLength(1);

    expect(await processAutoRenewals(running, NOW)).toEqual({ renewed: 0, mailed: 0, invoiced: 0 });
  });

  it.each([
    ["2028-01-31T09:00:00Z", "monthly", "2028-02-29T09:00:00.000Z"],
    ["2028-02-29T09:00:00Z", "annual", "2029-02-28T09:00:00.000Z"],
    ["2026-03-28T09:00:00Z", "monthly", "2026-04-28T08:00:00.000Z"],
  ] as const)(
    "a term ending %s (%s) renews to %s: calendar months in Madrid",
    async (endsAt, billingPeriod, expected) => {
      const id = await term(await member(), {
        endsAt,
        autoRenew: true,
        billingPeriod,
        startedAt: "2025-01-01T09:00:00Z",
      });
      await processAutoRenewals(running, new Date(Date.parse(endsAt) - 3_600_000));
      expect((await successorOf(id))[0]?.endsAt.toISOString()).toBe(expected);
    },
  );

  it("sends a renewal confirmation that renders and reaches the member", async () => {
    const memberId = await member();
    await term(memberId, { endsAt: "2026-01-31T09:00:00Z", autoRenew: true });
    await processAutoRenewals(running, NOW);
    await deliverPendingMail(running);
    const [sent] = await running.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "renewal-confirmation"));
    expect(sent).toMatchObject({ status: "sent", lastError: null });
  });

  it("writes each member's confirmation in their language", async () => {
    const spanish = await member("active", "es");
    await term(spanish, { endsAt: "2026-01-31T09:00:00Z", autoRenew: true });
    await processAutoRenewals(running, NOW);
    await deliverPendingMail(running);
    const [member_] = await running.database.db.select().from(members).where(eq(members.id, spanish));
    const [sent] = (await running.mailer.captured()).filter((mail) => mail.to.includes(member_!.email));
    expect(sent?.subject).toBe("Su plan Gold se ha renovado");
    expect(sent?.text).toContain("45,00\u00a0€");
    expect(sent?.text).toContain("28 de febrero de 2026");
  });

  it.runIf(process.env.DATABASE_URL)("never renews a term twice when two instances run at once", async () => {
    const ids = await Promise.all(
      Array.from({ length: 50 }, async () => term(await member(), { endsAt: "2026-01-31T09:00:00Z", autoRenew: true })),
    );
    const [first, second] = await Promise.all([processAutoRenewals(running, NOW), processAutoRenewals(running, NOW)]);
    expect((first?.renewed ?? 0) + (second?.renewed ?? 0)).toBe(50);
    for (const id of ids) expect(await successorOf(id)).toHaveLength(1);
    expect(await running.database.db.select().from(mailOutbox)).toHaveLength(50);
  });
});

describe("sendRenewalReminders", () => {
  it("queues one reminder per term ending within 7 days that will not renew by itself", async () => {
    const ending = await term(await member(), { endsAt: "2026-02-05T09:00:00Z" });
    await term(await member(), { endsAt: "2026-02-05T09:00:00Z", autoRenew: true });
    await term(await member(), { endsAt: "2026-02-08T09:00:00Z" });

    expect(await sendRenewalReminders(running, NOW)).toEqual({ reminded: 1 });
    const [mail] = await running.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, "renewal-reminder:%"));
    expect(mail).toMatchObject({
      dedupeKey: `renewal-reminder:${ending}`,
      props: expect.objectContaining({ endsOn: "2026-02-05", daysLeft: 5, planName: "Gold" }),
    });
    const [marked] = await running.database.db.select().from(subscriptions).where(eq(subscriptions.id, ending));
    expect(marked?.reminderSentAt).toEqual(NOW);

    expect(await sendRenewalReminders(running, new Date(NOW.getTime() + 86_400_000))).toEqual({ reminded: 0 });
    await deliverPendingMail(running);
    expect(
      (await running.mailer.captured()).some((sent) => sent.subject.includes("Gold") || sent.text.includes("Gold")),
    ).toBe(true);
  });

  it("writes each member's reminder in their language, the club's default for the others", async () => {
    const spanish = await member("active", "es");
    const english = await member("active", "en");
    const unset = await member();
    for (const id of [spanish, english, unset]) await term(id, { endsAt: "2026-02-03T09:00:00Z" });

    expect(await sendRenewalReminders(running, NOW)).toEqual({ reminded: 3 });
    const languages = Object.fromEntries(
      (await running.database.db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, "renewal-reminder:%"))).map(
        (mail) => [mail.toAddress, (mail.props as { language: string }).language],
      ),
    );
    const emailOf = async (id: string) =>
      (await running.database.db.select().from(members).where(eq(members.id, id)))[0]!.email;
    expect(languages).toEqual({
      [await emailOf(spanish)]: "es",
      [await emailOf(english)]: "en",
      [await emailOf(unset)]: "en",
    });
    await deliverPendingMail(running);
    const spanishAddress = await emailOf(spanish);
    const [sent] = (await running.mailer.captured()).filter((mail) => mail.to.includes(spanishAddress));
    expect(sent?.subject).toMatch(/^Su plan Gold termina dentro de \d+ días$/);
  });
});

describe("expireSubscriptions", () => {
  it("expires ended terms, and members whose last active term ended", async () => {
    const alone = await member();
    const ended = await term(alone, { endsAt: "2026-01-30T09:00:00Z" });
    const renewedMember = await member();
    const old = await term(renewedMember, { endsAt: "2026-01-30T09:00:00Z", startedAt: "2025-12-30T09:00:00Z" });
    await running.database.db.insert(subscriptions).values({
      memberId: renewedMember,
      planId: gold,
      billingPeriod: "monthly",
      startedAt: new Date("2026-01-30T09:00:00Z"),
      endsAt: new Date("2026-02-28T09:00:00Z"),
      price: "45.00",
      currency: "EUR",
      previousSubscriptionId: old,
    });
    const ongoing = await term(await member(), { endsAt: "2026-02-10T09:00:00Z" });

    expect(await expireSubscriptions(running, NOW)).toEqual({ expired: 2, membersExpired: 1 });
    const statusOf = async (table: typeof members | typeof subscriptions, id: string) =>
      (await running.database.db.select({ status: table.status }).from(table).where(eq(table.id, id)))[0]?.status;
    expect(await statusOf(subscriptions, ended)).toBe("expired");
    expect(await statusOf(members, alone)).toBe("expired");
    expect(await statusOf(members, renewedMember)).toBe("active");
    expect(await statusOf(subscriptions, ongoing)).toBe("active");
    expect(
      await running.database.db
        .select()
        .from(auditOutbox)
        .where(and(eq(auditOutbox.action, "subscriptions.expired"), eq(auditOutbox.entityId, ended))),
    ).toHaveLength(1);
    expect(
      await running.database.db.select().from(auditOutbox).where(eq(auditOutbox.action, "members.status_changed")),
    ).toEqual([
      expect.objectContaining({
        entity: "member",
        entityId: alone,
        actorId: null,
        data: { from: "active", to: "expired", reason: "Last subscription ended" },
      }),
    ]);
    expect(await expireSubscriptions(running, NOW)).toEqual({ expired: 0, membersExpired: 0 });
  });
});
