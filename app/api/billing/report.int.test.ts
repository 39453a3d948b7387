import "@/tests/support/isolated-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processDunning } from "@/lib/billing/dunning/job";
import type { LineDraft } from "@/lib/billing/issue";
import { clubLetter } from "@/lib/mail/recipient-language";
import { localDate } from "@/lib/platform/calendar";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { issueCrafted, madridTime, moneyRecorder } from "@/tests/support/billing";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as rectify } from "../invoices/[id]/rectifications/route";
import { POST as writeOff } from "../invoices/[id]/write-off/route";
import { POST as createMember } from "../members/route";
import { PUT as updateSettings } from "../settings/route";
import { GET as overdueRoute } from "./overdue/route";
import { GET as reportRoute } from "./report/route";

const ZONE = "Europe/Madrid";
const ISSUER = {
  legalName: "Club Náutico de Altea",
  taxId: "G28029643",
  address: { line: "Muelle 1", postalCode: "03590", city: "Altea", province: "Alicante", country: "ES" },
};

let running: Platform;
let token: string;
let memberId: string;

const line = (totalCents: bigint, day: string): LineDraft => ({
  description: "Cuota",
  planId: null,
  serviceFrom: day,
  serviceTo: day,
  totalCents,
  taxRateBasisPoints: 2100,
  exemptReason: null,
});

/** Issues one invoice (or, with `rectifies`, a rectifying one) at an instant of our choosing: the crafted data set. */
const issued = (
  issuedAt: Date,
  totalCents: bigint,
  dueOn: string,
  rectifies: string | null = null,
  customer = { id: memberId, name: "Pau Soler" },
) =>
  issueCrafted(running.database.db, {
    issuedAt,
    memberId: customer.id,
    customer: { name: customer.name, taxId: null, email: "pau@club.example" },
    lines: [line(totalCents, dueOn)],
    rectifies,
    dueOn,
  });

const { payOn, refundOn } = moneyRecorder(() => token);

const report = (query: string) =>
  call<Record<string, unknown> & { errors?: Record<string, string[]> }>(reportRoute, {
    path: `/api/billing/report${query}`,
    token,
  });

const today = () => localDate(new Date(), ZONE);
const daysSince = (date: string) => (Date.parse(today()) - Date.parse(date)) / 86_400_000;
/** The calendar date `days` before `date`. */
const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(date) - days * 86_400_000).toISOString().slice(0, 10);

let A: string;
let D: string;
let I: string;

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
  const settings = await call(updateSettings, {
    path: "/api/settings",
    method: "PUT",
    token,
    body: { clubName: "Club Náutico", language: "es", timeZone: ZONE, currency: "EUR", taxData: ISSUER },
  });
  expect(settings.status).toBe(200);
  const member = await call<{ id: string }>(createMember, {
    path: "/api/members",
    token,
    body: { firstName: "Pau", lastName: "Soler", email: "pau@club.example" },
  });
  expect(member.status).toBe(201);
  memberId = member.body.id;

  // January's last half hour in Madrid is already February in UTC+0's eyes the other way round: 23:30 on 31 January
  // in Madrid (22:30 UTC) is January; 00:30 on 1 February in Madrid (23:30 UTC on 31 January) is February.
  A = await issued(madridTime("2026-01-31", "23:30"), 10000n, "2026-01-31");
  const B = await issued(madridTime("2026-02-01", "00:30"), 5000n, "2026-02-01");
  const G = await issued(madridTime("2026-02-15", "10:00"), 1500n, "2026-03-01");
  const F = await issued(madridTime("2026-03-10", "10:00"), 6000n, "2026-04-01");
  await issued(madridTime("2026-03-15", "10:00"), -3000n, "2026-03-15", A); // a partial rectification of A
  await issued(madridTime("2026-04-15", "10:00"), 4000n, "2026-05-01"); // E
  const H = await issued(madridTime("2026-05-10", "10:00"), 2500n, "2026-05-10");
  await issued(madridTime("2026-06-01", "10:00"), 2000n, "2026-06-30"); // C
  D = await issued(madridTime("2026-06-01", "10:00"), 3000n, "2026-06-15");
  I = await issued(madridTime("2026-07-05", "10:00"), 7000n, "2026-07-05");
  void F;

  await payOn(A, { amount: "40.00", method: "cash", paidOn: "2026-02-28" }); // a partial payment on a month's end
  await payOn(B, { amount: "50.00", method: "card", paidOn: "2026-02-01" });
  // Part of a payment given back as a mistake undone (reopensInvoice): A is owed again, not credited.
  await refundOn(A, { amount: "10.00", method: "cash", paidOn: "2026-03-01", reopensInvoice: true });
  await payOn(D, { amount: "30.00", method: "bank_transfer", paidOn: "2026-07-10" });
  const writtenOff = await call(writeOff, {
    path: `/api/invoices/${G}/write-off`,
    params: { id: G },
    token,
    body: { reason: "Incobrable" },
  });
  expect(writtenOff.status).toBe(200);
  const rectified = await call(rectify, {
    path: `/api/invoices/${H}/rectifications`,
    params: { id: H },
    token,
    body: { reason: "Baja" },
  });
  expect(rectified.status).toBe(201);
});
afterAll(() => stopPlatform());

describe("GET /api/billing/report", () => {
  it("bills by issue month in Madrid (rectifications negative) and collects payments less refunds by their date", async () => {
    const reply = await report("?from=2026-01&to=2026-07&asOf=2026-06-30");
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      from: "2026-01",
      to: "2026-07",
      currency: "EUR",
      months: [
        { month: "2026-01", billed: "100.00", collected: "0.00" },
        { month: "2026-02", billed: "65.00", collected: "90.00" },
        { month: "2026-03", billed: "30.00", collected: "-10.00" },
        { month: "2026-04", billed: "40.00", collected: "0.00" },
        { month: "2026-05", billed: "25.00", collected: "0.00" },
        { month: "2026-06", billed: "50.00", collected: "0.00" },
        { month: "2026-07", billed: "70.00", collected: "30.00" },
      ],
      totals: { billed: "380.00", collected: "110.00" },
    });
  });

  it("ages what was owed at the end of a past date: later payments, write-offs and rectifications not yet counted", async () => {
    const reply = await report("?from=2026-06&to=2026-06&asOf=2026-06-30");
    expect(reply.body.ageing).toEqual({
      asOf: "2026-06-30",
      notYetDue: { amount: "20.00", invoices: 1 }, // C, due that day
      days1To30: { amount: "30.00", invoices: 1 }, // D, paid only on 10 July
      days31To60: { amount: "65.00", invoices: 2 }, // E (60 days), H (rectified later)
      days61To90: { amount: "60.00", invoices: 1 }, // F (90 days)
      over90Days: { amount: "55.00", invoices: 2 }, // A: 100 − 30 credited − (40 − 10) paid; G, written off later
      total: { amount: "230.00", invoices: 7 },
    });
  });

  it("ages today's debts by default: written-off, fully rectified and paid invoices owe nothing", async () => {
    const reply = await report("");
    const ageing = reply.body.ageing as Record<string, unknown>;
    expect(ageing.asOf).toBe(today());
    expect(ageing.total).toEqual({ amount: "230.00", invoices: 5 }); // A 40, C 20, E 40, F 60, I 70
    expect(reply.body.to).toBe(today().slice(0, 7));
    expect((reply.body.months as unknown[]).length).toBe(12);
  });

  it("answers 400 with errors for a bad month, a reversed or too long period and a bad date", async () => {
    const cases: [string, string][] = [
      ["?from=2026-13&to=2026-12", "from"],
      ["?from=2026-06&to=2026-01", "to"],
      ["?from=2023-12&to=2026-12", "to"],
      ["?asOf=2026-02-30", "asOf"],
    ];
    for (const [query, field] of cases) {
      const reply = await report(query);
      expect(reply.status, query).toBe(400);
      expect(Object.keys(reply.body.errors ?? {}), query).toEqual([field]);
    }
    expect((await report("?from=2023-12&to=2026-12")).body.errors?.to).toEqual(["Choose at most 36 months."]);
    expect((await report("?from=2024-01&to=2026-12")).status).toBe(200); // 36 months
  });
});

describe("GET /api/billing/overdue", () => {
  it("lists what the dunning job marked overdue, oldest first, with reminders and the suspension", async () => {
    // Another member, five days late: reminded (day 4) but within the 15 days of grace, so not suspended.
    const other = await call<{ id: string }>(createMember, {
      path: "/api/members",
      token,
      body: { firstName: "Núria", lastName: "Puig", email: "nuria@club.example" },
    });
    const fiveDaysAgo = daysBefore(today(), 5);
    const late = await issued(madridTime(fiveDaysAgo, "10:00"), 1250n, fiveDaysAgo, null, {
      id: other.body.id,
      name: "Núria Puig",
    });
    const db = running.database.db;
    const club = await clubLetter(db, running.config);
    await processDunning({ db, club }, madridTime("2026-07-06", "09:00"));
    await processDunning({ db, club }, new Date());

    const reply = await call<{ asOf: string; count: number; totalOwed: string; items: Record<string, unknown>[] }>(
      overdueRoute,
      { path: "/api/billing/overdue", token },
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ asOf: today(), count: 6, totalOwed: "242.50" });
    expect(reply.body.items.map((item) => [item.dueOn, item.owed, item.remindersSent])).toEqual([
      ["2026-01-31", "40.00", 1],
      ["2026-04-01", "60.00", 1],
      ["2026-05-01", "40.00", 1],
      ["2026-06-30", "20.00", 2], // day 4 on 6 July, day 11 today
      ["2026-07-05", "70.00", 2], // day 1 on 6 July, day 11 today
      [fiveDaysAgo, "12.50", 1],
    ]);
    expect(reply.body.items[0]).toEqual({
      invoiceId: A,
      number: "F2026-000001",
      memberId,
      customerName: "Pau Soler",
      dueOn: "2026-01-31",
      daysOverdue: daysSince("2026-01-31"),
      owed: "40.00",
      currency: "EUR",
      remindersSent: 1,
      memberSuspended: true,
    });
    expect(reply.body.items.map((item) => item.invoiceId)).not.toContain(D);
    expect(reply.body.items.at(-2)?.invoiceId).toBe(I);
    expect(reply.body.items.at(-1)).toMatchObject({
      invoiceId: late,
      memberId: other.body.id,
      customerName: "Núria Puig",
      daysOverdue: 5,
      memberSuspended: false,
    });

    const limited = await call<{ count: number; items: unknown[] }>(overdueRoute, {
      path: "/api/billing/overdue?limit=2",
      token,
    });
    expect([limited.body.count, limited.body.items.length]).toEqual([6, 2]);
    const tooMany = await call<{ errors: Record<string, string[]> }>(overdueRoute, {
      path: "/api/billing/overdue?limit=501",
      token,
    });
    expect([tooMany.status, Object.keys(tooMany.body.errors)]).toEqual([400, ["limit"]]);
  });
});
