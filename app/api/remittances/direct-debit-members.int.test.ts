import "@/tests/support/isolated-env";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRemittanceCandidates } from "@/lib/billing/collections/collectable";
import { plannedCollectionDate } from "@/lib/billing/collections/collection-date";
import { instantOf, localDate } from "@/lib/platform/calendar";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { invoices } from "@/lib/platform/db/schema";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import {
  addMandateOk,
  CLUB_CREDITOR,
  CLUB_SETTINGS,
  CLUB_TAX_DATA,
  collectionDayIn,
  dunningAt,
  dunningReminders,
  goldPlan,
  notifyDebitsAt,
  putSettingsOk,
} from "@/tests/support/billing";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as subscribe } from "../members/[id]/subscriptions/route";
import { POST as createMember } from "../members/route";
import { PUT as updateSettings } from "../settings/route";
import { POST as importReturns } from "./[id]/returns/route";
import { POST as send } from "./[id]/send/route";
import { POST as build } from "./route";

/**
 * A member who pays by direct debit is not a debtor until the bank was asked (docs/billing.md, Direct-debit members):
 * their invoice is due on the club's collection day, dunning leaves them alone until then, and a returned debit is
 * presented again only after the club's wait.
 */
const ZONE = "Europe/Madrid";
const SETTINGS = { ...CLUB_SETTINGS, taxData: CLUB_TAX_DATA, ...CLUB_CREDITOR };
/** Debtors told a day ahead, so the invoice is due on the coming collection day (14 days: pre-notification.int.test.ts). */
const NOTICE = { preNotificationDays: 1 };

let running: Platform;
let token: string;
let gold: string;
let sequence = 0;

const today = () => localDate(new Date(), ZONE);
/** A collection day a week after today's day of the month (1–28), so the first one is always days away. */
const COLLECTION_DAY = ((Number(today().slice(8, 10)) + 6) % 28) + 1;

/** 09:00 in Madrid on `date` plus `days`. */
function madridOn(date: string, days = 0): Date {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  const [year, month, dayOfMonth] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
  return instantOf({ year, month, day: dayOfMonth, hour: 9, minute: 0, second: 0, millisecond: 0 }, ZONE);
}

/** A member subscribed to Gold, with a SEPA mandate signed before the term when asked: their term's invoice. */
async function subscribed(withMandate: boolean) {
  sequence += 1;
  const member = await call<{ id: string }>(createMember, {
    path: "/api/members",
    token,
    body: { firstName: "Jon", lastName: `Arrieta${sequence}`, email: `debit${sequence}@club.example` },
  });
  const memberId = member.body.id;
  if (withMandate) await addMandateOk(token, memberId);
  const term = await call(subscribe, {
    path: `/api/members/${memberId}/subscriptions`,
    params: { id: memberId },
    token,
    body: { planId: gold, billingPeriod: "monthly" },
  });
  expect(term.status).toBe(201);
  const [invoice] = await running.database.db
    .select({ id: invoices.id, dueOn: invoices.dueOn, series: invoices.series, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.memberId, memberId));
  return { memberId, invoice: invoice! };
}

const putSettings = (body: object) =>
  call<Record<string, unknown>>(updateSettings, { path: "/api/settings", method: "PUT", token, body });

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
  await putSettingsOk(token, SETTINGS);
  gold = await goldPlan(running.database.db);
});
afterAll(() => stopPlatform());

describe("the collection day", () => {
  it("is a setting from 1 to 28, shown with the club's settings", async () => {
    for (const collectionDay of [0, 29, 1.5]) {
      const refused = await putSettings({ ...SETTINGS, directDebit: { collectionDay, representAfterDays: 0 } });
      expect(refused.status, String(collectionDay)).toBe(400);
      expect(Object.keys(refused.body.errors as object)).toEqual(["directDebit.collectionDay"]);
    }
    const saved = await putSettings({
      ...SETTINGS,
      directDebit: { collectionDay: COLLECTION_DAY, representAfterDays: 7, ...NOTICE },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.directDebit).toEqual({
      collectionDay: COLLECTION_DAY,
      representAfterDays: 7,
      fileVersion: "pain.008.001.02",
      batchBooking: true,
      preNotificationDays: 1,
      returnFee: null,
    });
  });

  it("makes a mandate member's invoice due on it, and reminds nobody before the bank was asked", async () => {
    const debited = await subscribed(true);
    const desk = await subscribed(false);
    const collection = plannedCollectionDate(today(), COLLECTION_DAY);
    expect(collection > today()).toBe(true);
    expect(debited.invoice.dueOn).toBe(collection);
    expect(desk.invoice.dueOn).toBe(today());

    // The day before the collection: the desk member is reminded, the debited one is not.
    await dunningAt(running, madridOn(collection, -1));
    expect(await dunningReminders(running.database.db, desk.invoice.id)).not.toHaveLength(0);
    expect(await dunningReminders(running.database.db, debited.invoice.id)).toEqual([]);
    // Its date passed and no remittance collected it: now it is a debt like any other.
    await dunningAt(running, madridOn(collection, 1));
    const reminded = await dunningReminders(running.database.db, debited.invoice.id);
    expect(reminded.map((mail) => mail.key)).toEqual([`dunning:${debited.invoice.id}:1`]);
  });
});

describe("a returned debit", () => {
  it("is presented again only once the club's days have passed since its return, or when staff choose it", async () => {
    const { invoice } = await subscribed(true);
    await notifyDebitsAt(running);
    const draft = await call<{ id: string; items: { invoiceId: string; invoiceNumber: string }[] }>(build, {
      path: "/api/remittances",
      token,
      body: { collectionDate: collectionDayIn(40), invoiceIds: [invoice.id] },
    });
    expect(draft.status).toBe(201);
    const remittanceId = draft.body.id;
    await call(send, {
      path: `/api/remittances/${remittanceId}/send`,
      method: "POST",
      params: { id: remittanceId },
      token,
    });
    const returned = await call(importReturns, {
      path: `/api/remittances/${remittanceId}/returns`,
      params: { id: remittanceId },
      token,
      body: { invoiceNumber: draft.body.items[0]!.invoiceNumber, reasonCode: "AM04" },
    });
    expect(returned.status).toBe(200);
    // Presented again only after a new notice (pre-notification.int.test.ts); this test is about the wait.
    await notifyDebitsAt(running);

    const candidatesAt = async (now: Date) =>
      (
        await listRemittanceCandidates(
          { db: running.database.db, now: () => now },
          { collectionDate: collectionDayIn(80) },
        )
      ).items.map((item) => item.invoiceId);
    // Seven days (the setting above) after the return, not before.
    expect(await candidatesAt(new Date(Date.now() + 6 * 86_400_000))).not.toContain(invoice.id);
    expect(await candidatesAt(new Date(Date.now() + 7 * 86_400_000 + 60_000))).toContain(invoice.id);

    // Never on its own when the club wants to choose: only when chosen.
    await putSettings({ ...SETTINGS, directDebit: { collectionDay: COLLECTION_DAY, representAfterDays: null } });
    expect(await candidatesAt(new Date(Date.now() + 60 * 86_400_000))).not.toContain(invoice.id);
    const chosen = await call<{ items: { invoiceId: string }[] }>(build, {
      path: "/api/remittances",
      token,
      body: { collectionDate: collectionDayIn(80), invoiceIds: [invoice.id] },
    });
    expect(chosen.status).toBe(201);
    expect(chosen.body.items.map((item) => item.invoiceId)).toEqual([invoice.id]);
  });
});
