import "@/tests/support/isolated-env";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDate } from "@/lib/platform/calendar";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { invoices, plans } from "@/lib/platform/db/schema";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { collectionDayIn, notifyDebitsAt, SHORT_NOTICE } from "@/tests/support/billing";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as pay } from "../../invoices/[id]/payments/route";
import { POST as addMandate } from "../../members/[id]/mandates/route";
import { POST as enroll } from "../../members/enroll/route";
import { PUT as updateSettings } from "../../settings/route";
import { POST as build } from "../route";
import { GET as candidates } from "./route";

type Candidate = {
  invoiceId: string;
  invoiceNumber: string;
  customerName: string;
  dueOn: string;
  status: string;
  amount: string;
  mandateReference: string;
  sequence: string;
};
type Candidates = {
  collectionDate: string;
  count: number;
  totalAmount: string;
  items: Candidate[];
  awaitingNotice: { count: number; earliestCollectionDate: string | null };
  errors?: Record<string, string[]>;
};

let running: Platform;
let token: string;
let gold: string;
let sequence = 0;

const inDays = (days: number) => localDate(new Date(Date.now() + days * 86_400_000), "Europe/Madrid");
const candidatesFor = (collectionDate: string) =>
  call<Candidates>(candidates, {
    path: `/api/remittances/candidates?collectionDate=${encodeURIComponent(collectionDate)}`,
    token,
  });

/** Enrols a member on Gold (49.90): one open invoice due today; with a mandate unless told otherwise. */
async function member(withMandate = true): Promise<string> {
  sequence += 1;
  const reply = await call<{ member: { id: string } }>(enroll, {
    path: "/api/members/enroll",
    token,
    body: {
      member: { firstName: "Jordi", lastName: `Serra${sequence}`, email: `candidate${sequence}@club.example` },
      subscription: { planId: gold, billingPeriod: "monthly" },
    },
  });
  expect(reply.status).toBe(201);
  const memberId = reply.body.member.id;
  if (withMandate) {
    const mandate = await call(addMandate, {
      path: `/api/members/${memberId}/mandates`,
      params: { id: memberId },
      token,
      body: { iban: "ES9121000418450200051332", signedOn: "2026-01-15" },
    });
    expect(mandate.status).toBe(201);
  }
  const [invoice] = await running.database.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.memberId, memberId));
  // The club's morning job tells the debtor, so a remittance may collect the debit (pre-notification.int.test.ts).
  await notifyDebitsAt(running);
  return invoice!.id;
}

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
  const settings = await call(updateSettings, {
    path: "/api/settings",
    method: "PUT",
    token,
    body: {
      clubName: "Club de Remo",
      language: "es",
      timeZone: "Europe/Madrid",
      currency: "EUR",
      taxData: {
        legalName: "Club de Remo de Sevilla",
        taxId: "G28029643",
        address: { line: "Paseo 2", postalCode: "41001", city: "Sevilla", province: "Sevilla" },
      },
      creditorIdentifier: "ES97000B12345678",
      collectionIban: "ES7921000813610123456789",
      // Debtors told a day ahead: these tests are about the list, not the notice period.
      directDebit: SHORT_NOTICE,
    },
  });
  expect(settings.status).toBe(200);
  const [plan] = await running.database.db
    .insert(plans)
    .values({ name: "Gold", code: "GOLD", monthlyPrice: "49.90" })
    .returning();
  gold = plan!.id;
});
afterAll(() => stopPlatform());

describe("GET /api/remittances/candidates", () => {
  it("lists what a remittance without a choice would collect, and builds exactly that", async () => {
    const open = await member();
    const partly = await member();
    await call(pay, { path: "/", params: { id: partly }, token, body: { amount: "9.90", method: "cash" } });
    const paid = await member();
    await call(pay, { path: "/", params: { id: paid }, token, body: { amount: "49.90", method: "cash" } });
    const withoutMandate = await member(false);

    const reply = await candidatesFor(collectionDayIn(3));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ collectionDate: collectionDayIn(3), count: 2, totalAmount: "89.90" });
    const listed = reply.body.items.map((item) => item.invoiceId);
    expect(listed.sort()).toEqual([open, partly].sort());
    expect(listed).not.toContain(paid);
    expect(listed).not.toContain(withoutMandate);
    expect(reply.body.items.find((item) => item.invoiceId === partly)).toMatchObject({
      customerName: expect.stringMatching(/^Jordi Serra/),
      dueOn: localDate(new Date(), "Europe/Madrid"),
      status: "partially_paid",
      amount: "40.00",
      mandateReference: expect.stringMatching(/^MNDT-/),
      sequence: "FRST",
    });
    // Oldest due date first, then by number.
    const numbers = reply.body.items.map((item) => item.invoiceNumber);
    expect(numbers).toEqual([...numbers].sort());

    const built = await call<{ items: { invoiceId: string }[]; totalAmount: string }>(build, {
      path: "/api/remittances",
      token,
      body: { collectionDate: collectionDayIn(3) },
    });
    expect(built.status).toBe(201);
    expect(built.body.items.map((item) => item.invoiceId).sort()).toEqual(listed.sort());
    expect(built.body.totalAmount).toBe(reply.body.totalAmount);
  });

  it("leaves out invoices another remittance holds and those not due by the date", async () => {
    expect((await candidatesFor(collectionDayIn(3))).body).toMatchObject({ count: 0, totalAmount: "0.00", items: [] });
    const fresh = await member();
    // Due today (its mandate came after the invoice): not collectable on a date before it.
    expect((await candidatesFor(inDays(-1))).body.count).toBe(0);
    // Due by today, but its member was told of a collection a day ahead at the earliest: it waits for that date.
    const today = await candidatesFor(inDays(0));
    expect(today.body).toMatchObject({ count: 0, awaitingNotice: { count: 1 } });
    const announced = today.body.awaitingNotice.earliestCollectionDate ?? "";
    expect(announced > inDays(0)).toBe(true);
    const reply = await candidatesFor(announced);
    expect(reply.body.items.map((item) => item.invoiceId)).toEqual([fresh]);
  });

  it("refuses a missing or unreadable date with 400 and errors", async () => {
    for (const path of [
      "/api/remittances/candidates",
      "/api/remittances/candidates?collectionDate=2026-02-30",
      "/api/remittances/candidates?collectionDate=0000-01-01",
    ]) {
      const reply = await call<Candidates>(candidates, { path, token });
      expect(reply.status).toBe(400);
      expect(Object.keys(reply.body.errors ?? {})).toEqual(["collectionDate"]);
    }
  });
});
