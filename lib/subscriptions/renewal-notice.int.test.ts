import "@/tests/support/isolated-env";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { templates } from "@/emails/registry";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import {
  auditOutbox,
  invoices,
  mailOutbox,
  members,
  plans,
  platformSettings,
  subscriptions,
} from "@/lib/platform/db/schema";
import { resetDatabase } from "@/tests/support/reset-database";
import { processAutoRenewals, sendRenewalNotices } from "./jobs";

/**
 * The renewal notice of Ley 10/2025 (docs/api.md, Subscriptions: renewal notices): at least 15 days before an automatic
 * renewal is charged the member is told the date, the price and how to cancel, once; that price is what the renewal
 * then charges and invoices, whatever the plan costs by then.
 */

let running: Platform;
let gold: string;
let sequence = 0;

async function member(values: Partial<typeof members.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await running.database.db
    .insert(members)
    .values({ firstName: "Marta", lastName: `Ruiz${sequence}`, email: `notice${sequence}@club.example`, ...values })
    .returning({ id: members.id });
  return row!.id;
}

/** A monthly term of `memberId` on Gold ending at `endsAt`, renewing automatically unless told otherwise. */
async function term(memberId: string, endsAt: string, autoRenew = true) {
  const [row] = await running.database.db
    .insert(subscriptions)
    .values({
      memberId,
      planId: gold,
      billingPeriod: "monthly",
      startedAt: new Date(new Date(endsAt).getTime() - 31 * 86_400_000),
      endsAt: new Date(endsAt),
      price: "49.90",
      currency: "EUR",
      autoRenew,
    })
    .returning();
  return row!;
}

const notices = () => running.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, "renewal-notice"));

beforeAll(async () => {
  running = await platform();
});
afterAll(() => stopPlatform());
beforeEach(async () => {
  await resetDatabase(running.database);
  await running.database.db.insert(platformSettings).values({
    platformName: "Club Náutico",
    timeZone: "Europe/Madrid",
    currency: "EUR",
    language: "es",
    legalName: "Club Náutico de Altea",
    taxId: "G28029643",
    addressLine: "Muelle 1",
    postalCode: "03590",
    city: "Altea",
  });
  const [plan] = await running.database.db
    .insert(plans)
    .values({ name: "Gold", code: "GOLD", monthlyPrice: "49.90" })
    .returning();
  gold = plan!.id;
});

describe("renewal notices", () => {
  // 09:00 in Madrid on 14 December 2026, when the daily job runs.
  const morning = new Date("2026-12-14T08:00:00Z");

  it("tells a member 15 to 16 days ahead of an automatic renewal its date, price and how to cancel, once", async () => {
    const english = await member({ language: "en" });
    // Renews on 30 December at 10:00 in Madrid: 16 days and an hour away, not yet; the next morning, 15 days ahead.
    const renewing = await term(english, "2026-12-30T09:00:00Z");
    expect(await sendRenewalNotices(running, morning)).toEqual({ noticed: 0 });
    const nextMorning = new Date("2026-12-15T08:00:00Z");
    expect(await sendRenewalNotices(running, nextMorning)).toEqual({ noticed: 1 });
    expect(await sendRenewalNotices(running, nextMorning)).toEqual({ noticed: 0 });
    const [mail] = await notices();
    expect(mail).toMatchObject({
      toAddress: `notice${sequence}@club.example`,
      dedupeKey: `renewal-notice:${renewing.id}`,
      props: expect.objectContaining({
        planName: "Gold",
        renewsOn: "2026-12-30",
        price: "49.90",
        currency: "EUR",
        language: "en",
      }),
    });
    // The mail renders from what was queued.
    expect(templates["renewal-notice"].compose(mail?.props).success).toBe(true);
    const [stored] = await running.database.db.select().from(subscriptions).where(eq(subscriptions.id, renewing.id));
    expect(stored).toMatchObject({ renewalPrice: "49.90", renewalNoticeSentAt: nextMorning });
    const audit = await running.database.db
      .select()
      .from(auditOutbox)
      .where(and(eq(auditOutbox.action, "subscriptions.renewal_noticed"), eq(auditOutbox.entityId, renewing.id)));
    expect(audit).toEqual([
      expect.objectContaining({ data: { memberId: english, renewsOn: "2026-12-30", price: "49.90" } }),
    ]);
  });

  it("sends none for a term that will not renew by itself, or renews too far ahead", async () => {
    await term(await member(), "2026-12-20T09:00:00Z", false);
    await term(await member({ status: "suspended" }), "2026-12-20T09:00:00Z");
    await term(await member(), "2027-01-10T09:00:00Z");
    expect(await sendRenewalNotices(running, morning)).toEqual({ noticed: 0 });
    expect(await notices()).toEqual([]);
  });

  it("renews and invoices at the price the notice gave, though the plan costs more by then", async () => {
    const renewing = await term(await member({ taxId: "12345678Z" }), "2026-12-30T09:00:00Z");
    expect(await sendRenewalNotices(running, new Date("2026-12-15T08:00:00Z"))).toEqual({ noticed: 1 });
    await running.database.db.update(plans).set({ monthlyPrice: "59.90" }).where(eq(plans.id, gold));
    // An untold term renewing the same night pays the new price.
    const untold = await term(await member(), "2026-12-30T09:00:00Z");
    await running.database.db
      .update(subscriptions)
      .set({ renewalNoticeSentAt: null })
      .where(eq(subscriptions.id, untold.id));
    expect(await processAutoRenewals(running, new Date("2026-12-29T23:30:00Z"))).toMatchObject({ renewed: 2 });
    const next = async (previous: string) =>
      (
        await running.database.db
          .select({ id: subscriptions.id, price: subscriptions.price })
          .from(subscriptions)
          .where(eq(subscriptions.previousSubscriptionId, previous))
      )[0];
    const noticed = await next(renewing.id);
    expect(noticed?.price).toBe("49.90");
    expect((await next(untold.id))?.price).toBe("59.90");
    const [invoice] = await running.database.db
      .select({ totalCents: invoices.totalCents })
      .from(invoices)
      .where(eq(invoices.subscriptionId, noticed?.id ?? ""));
    expect(invoice?.totalCents).toBe(4990n);
  });
});
