import "@/tests/support/isolated-env";
import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { members, plans, subscriptions } from "@/lib/platform/db/schema";
import { slotEvent } from "@/tests/support/job-slots";
import { resetDatabase } from "@/tests/support/reset-database";
import { inngestFunction } from ".";

const checkExpiringSubscriptions = inngestFunction("check-expiring-subscriptions");
const expireSubscriptions = inngestFunction("expire-subscriptions");
const processAutoRenewals = inngestFunction("process-auto-renewals");

let running: Platform;
let termId: string;

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  const [plan] = await running.database.db
    .insert(plans)
    .values({ name: "Gold", code: "GOLD", monthlyPrice: "45.00" })
    .returning();
  const [member] = await running.database.db
    .insert(members)
    .values({ firstName: "Ines", lastName: "Inngest", email: "ines@club.example" })
    .returning();
  const soon = Date.now() + 3_600_000;
  const [term] = await running.database.db
    .insert(subscriptions)
    .values({
      memberId: member!.id,
      planId: plan!.id,
      billingPeriod: "monthly",
      startedAt: new Date(soon - 30 * 86_400_000),
      endsAt: new Date(soon),
      price: "45.00",
      currency: "EUR",
      autoRenew: true,
    })
    .returning();
  termId = term!.id;
});
afterAll(stopPlatform);

describe("subscription Inngest functions", () => {
  it("process-auto-renewals renews the due term in its step, and renews nothing on a second run", async () => {
    const first = await new InngestTestEngine({ function: processAutoRenewals }).execute();
    expect(first.result).toMatchObject({ status: "completed", outcome: { renewed: 1, mailed: 1 } });
    expect(
      await running.database.db.select().from(subscriptions).where(eq(subscriptions.previousSubscriptionId, termId)),
    ).toHaveLength(1);
    const second = await new InngestTestEngine({ function: processAutoRenewals, events: [slotEvent(1)] }).execute();
    expect(second.result).toMatchObject({ status: "completed", outcome: { renewed: 0 } });
  });

  it("check-expiring-subscriptions and expire-subscriptions complete their steps", async () => {
    const reminders = await new InngestTestEngine({ function: checkExpiringSubscriptions }).execute();
    expect(reminders.result).toMatchObject({ status: "completed", outcome: { reminded: 0 } });
    const expiry = await new InngestTestEngine({ function: expireSubscriptions }).execute();
    expect(expiry.result).toMatchObject({ status: "completed", outcome: { expired: 0 } });
  });
});
