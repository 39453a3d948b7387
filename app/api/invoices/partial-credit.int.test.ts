import "@/tests/support/isolated-env";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instantOf, localDate } from "@/lib/platform/calendar";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { MIGRATIONS_FOLDER } from "@/lib/platform/db/migrations";
import { invoicePayments, invoices, remittances } from "@/lib/platform/db/schema";
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
  enrolInvoiced,
  goldPlan,
  notifyDebitsAt,
  putSettingsOk,
  SHORT_NOTICE,
} from "@/tests/support/billing";
import { resetDatabase } from "@/tests/support/reset-database";
import { GET as overdueRoute } from "../billing/overdue/route";
import { GET as reportRoute } from "../billing/report/route";
import { GET as balanceRoute } from "../members/[id]/balance/route";
import { GET as downloadFile } from "../remittances/[id]/file/route";
import { DELETE as deleteRemittance } from "../remittances/[id]/route";
import { POST as sendRemittance } from "../remittances/[id]/send/route";
import { POST as settleRemittance } from "../remittances/[id]/settle/route";
import { GET as candidatesRoute } from "../remittances/candidates/route";
import { POST as buildRemittance } from "../remittances/route";
import { POST as pay } from "./[id]/payments/route";
import { POST as rectify } from "./[id]/rectifications/route";
import { POST as refund } from "./[id]/refunds/route";
import { GET as getInvoice } from "./[id]/route";

/**
 * A part rectification lowers what the member owes on the original (docs/billing.md, Rectifying invoices): its
 * amountDue, the balance, the payments it still takes, the remittance debit, dunning, the overdue list and the ageing.
 */
type Invoice = {
  id: string;
  status: string;
  totalAmount: string;
  paidAmount: string;
  creditedAmount: string;
  amountDue: string;
  refundDue: string;
  code?: string;
};
type Remittance = { id: string; totalAmount: string; items: { invoiceId: string; amount: string }[]; code?: string };

const ZONE = "Europe/Madrid";
// Debtors told a day ahead of a collection: the remittance here is about the amount, not the notice period.
const SETTINGS = { ...CLUB_SETTINGS, taxData: CLUB_TAX_DATA, ...CLUB_CREDITOR, directDebit: SHORT_NOTICE };

let running: Platform;
let token: string;
let gold: string;
let sequence = 0;

/** Enrols a member on Gold (49.90 a month): one open invoice, due today; with a SEPA mandate when asked. */
async function invoiced(withMandate = false): Promise<{ memberId: string; invoiceId: string }> {
  sequence += 1;
  const member = { firstName: "Pau", lastName: `Soler${sequence}`, email: `credited${sequence}@club.example` };
  const enrolled = await enrolInvoiced(running.database.db, token, gold, member);
  if (withMandate) await addMandateOk(token, enrolled.memberId);
  return enrolled;
}

const onInvoice = (handler: typeof pay, action: string) => (id: string, body: object) =>
  call<Invoice & { invoice: Invoice }>(handler, { path: `/api/invoices/${id}/${action}`, params: { id }, token, body });
const rectifyBy = onInvoice(rectify, "rectifications");
const payOn = onInvoice(pay, "payments");
const refundOn = onInvoice(refund, "refunds");
const shown = async (id: string) =>
  (await call<Invoice>(getInvoice, { path: `/api/invoices/${id}`, params: { id }, token })).body;
const balanceOf = async (id: string) =>
  (
    await call<{ totalDue: string; overdue: string }>(balanceRoute, {
      path: `/api/members/${id}/balance`,
      params: { id },
      token,
    })
  ).body;
const stored = async (id: string) => {
  const [row] = await running.database.db
    .select({ status: invoices.status, paidCents: invoices.paidCents, creditedCents: invoices.creditedCents })
    .from(invoices)
    .where(eq(invoices.id, id));
  const movements = await running.database.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id));
  return { ...row, movements: movements.length };
};
const dueOnOf = async (id: string) =>
  (await running.database.db.select({ dueOn: invoices.dueOn }).from(invoices).where(eq(invoices.id, id)))[0]!.dueOn;

/** 09:00 in Madrid `days` after `date`. */
function madridAfter(date: string, days: number): Date {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  const [year, month, dayOfMonth] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
  return instantOf({ year, month, day: dayOfMonth, hour: 9, minute: 0, second: 0, millisecond: 0 }, ZONE);
}
const inDays = (days: number) => localDate(new Date(Date.now() + days * 86_400_000), ZONE);

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
  await putSettingsOk(token, SETTINGS);
  gold = await goldPlan(running.database.db);
});
afterAll(() => stopPlatform());

describe("a part rectification of an unpaid invoice", () => {
  it("lowers amountDue, the balance and the ageing; more than the rest is an overpayment, the rest pays it", async () => {
    const { memberId, invoiceId } = await invoiced();
    const credit = await rectifyBy(invoiceId, { reason: "Descuento", amount: "10.00" });
    expect(credit.status).toBe(201);
    expect(credit.body).toMatchObject({
      totalAmount: "-10.00",
      creditedAmount: "0.00",
      amountDue: "0.00",
      refundDue: "0.00",
    });

    expect(await shown(invoiceId)).toMatchObject({
      status: "open",
      totalAmount: "49.90",
      paidAmount: "0.00",
      creditedAmount: "10.00",
      amountDue: "39.90",
      refundDue: "0.00",
    });
    expect(await stored(invoiceId)).toMatchObject({ creditedCents: 1000n, paidCents: 0n });
    expect(await balanceOf(memberId)).toMatchObject({ totalDue: "39.90" });
    const report = await call<{ ageing: { total: { amount: string; invoices: number } } }>(reportRoute, {
      path: "/api/billing/report",
      token,
    });
    expect(report.body.ageing.total).toEqual({ amount: "39.90", invoices: 1 });

    const tooMuch = await payOn(invoiceId, { amount: "39.91", method: "cash" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code).toBe("Billing.Overpayment");
    expect(await stored(invoiceId)).toMatchObject({ status: "open", paidCents: 0n, movements: 0 });

    const rest = await payOn(invoiceId, { amount: "39.90", method: "cash" });
    expect(rest.status).toBe(201);
    expect(rest.body.invoice).toMatchObject({ status: "paid", paidAmount: "39.90", amountDue: "0.00" });
    expect(await balanceOf(memberId)).toMatchObject({ totalDue: "0.00" });
  });

  it("settles a part-paid invoice when the credit covers the rest: paid, not cancelled", async () => {
    const { memberId, invoiceId } = await invoiced();
    expect((await payOn(invoiceId, { amount: "20.00", method: "card" })).body.invoice.status).toBe("partially_paid");
    expect((await rectifyBy(invoiceId, { reason: "Descuento", amount: "29.90" })).status).toBe(201);
    expect(await shown(invoiceId)).toMatchObject({
      status: "paid",
      creditedAmount: "29.90",
      amountDue: "0.00",
      refundDue: "0.00",
    });
    expect(await balanceOf(memberId)).toMatchObject({ totalDue: "0.00" });
    expect((await payOn(invoiceId, { amount: "0.01", method: "cash" })).body.code).toBe("Billing.InvoiceNotPayable");
  });

  it("credits never more than the invoice when two part rectifications race", async () => {
    const { invoiceId } = await invoiced();
    const replies = await Promise.all([
      rectifyBy(invoiceId, { reason: "A", amount: "30.00" }),
      rectifyBy(invoiceId, { reason: "B", amount: "30.00" }),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect(replies.find((reply) => reply.status === 409)?.body.code).toBe("Billing.AmountExceedsInvoice");
    expect(await stored(invoiceId)).toMatchObject({ status: "open", creditedCents: 3000n });
    expect((await shown(invoiceId)).amountDue).toBe("19.90");
  });
});

describe("a part rectification of an invoice paid in full", () => {
  it("leaves it paid with nothing due; the credit is refunded and it stays paid, a cent more is credited too", async () => {
    const { memberId, invoiceId } = await invoiced();
    expect((await payOn(invoiceId, { amount: "49.90", method: "cash" })).body.invoice.status).toBe("paid");
    expect((await rectifyBy(invoiceId, { reason: "Descuento", amount: "10.00" })).status).toBe(201);
    expect(await shown(invoiceId)).toMatchObject({
      status: "paid",
      paidAmount: "49.90",
      creditedAmount: "10.00",
      amountDue: "0.00",
      refundDue: "10.00",
    });
    expect(await balanceOf(memberId)).toMatchObject({ totalDue: "0.00" });

    // Part of the credit given back, then the rest: what is owed back goes down to nothing.
    const part = await refundOn(invoiceId, { amount: "4.00", method: "cash" });
    expect(part.body.invoice).toMatchObject({ status: "paid", paidAmount: "45.90", refundDue: "6.00" });
    const back = await refundOn(invoiceId, { amount: "6.00", method: "cash" });
    expect(back.status).toBe(201);
    expect(back.body.invoice).toMatchObject({
      status: "paid",
      paidAmount: "39.90",
      amountDue: "0.00",
      refundDue: "0.00",
    });
    const more = await refundOn(invoiceId, { amount: "0.01", method: "cash" });
    expect(more.body.invoice).toMatchObject({
      status: "paid",
      paidAmount: "39.89",
      creditedAmount: "10.01",
      amountDue: "0.00",
      refundDue: "0.00",
    });
  });
});

describe("remittances after a part rectification", () => {
  it("debit what is left (candidates, items, the file); a credit after the draft makes it outdated; settling pays it", async () => {
    const { invoiceId } = await invoiced(true);
    expect((await rectifyBy(invoiceId, { reason: "Descuento", amount: "10.00" })).status).toBe(201);
    const collectionDate = collectionDayIn(3);
    await notifyDebitsAt(running);
    const candidates = await call<{ items: { invoiceId: string; amount: string }[] }>(candidatesRoute, {
      path: `/api/remittances/candidates?collectionDate=${collectionDate}`,
      token,
    });
    expect(candidates.body.items).toEqual([expect.objectContaining({ invoiceId, amount: "39.90" })]);

    const built = await call<Remittance>(buildRemittance, {
      path: "/api/remittances",
      token,
      body: { collectionDate, invoiceIds: [invoiceId] },
    });
    expect(built.status).toBe(201);
    expect(built.body).toMatchObject({ totalAmount: "39.90", items: [{ invoiceId, amount: "39.90" }] });
    const id = built.body.id;
    const file = await downloadFile(
      new Request(`http://localhost/api/remittances/${id}/file`, { headers: { authorization: `Bearer ${token}` } }),
      { params: Promise.resolve({ id }) },
    );
    const xml = await file.text();
    expect(xml).toContain('<InstdAmt Ccy="EUR">39.90</InstdAmt>');
    expect(xml).toContain("<CtrlSum>39.90</CtrlSum>");

    // Crediting more after the draft was built: the bank must not collect 39.90 any more.
    expect((await rectifyBy(invoiceId, { reason: "Descuento", amount: "5.00" })).status).toBe(201);
    const sent = await call<Remittance>(sendRemittance, {
      path: `/api/remittances/${id}/send`,
      method: "POST",
      params: { id },
      token,
    });
    expect(sent.status).toBe(409);
    expect(sent.body.code).toBe("Billing.RemittanceOutdated");

    // Built again: 34.90; once the bank has collected it, nothing is owed and the invoice is paid.
    const removed = await call(deleteRemittance, {
      path: `/api/remittances/${id}`,
      method: "DELETE",
      params: { id },
      token,
    });
    expect(removed.status).toBe(204);
    const again = await call<Remittance>(buildRemittance, {
      path: "/api/remittances",
      token,
      body: { collectionDate, invoiceIds: [invoiceId] },
    });
    expect(again.body).toMatchObject({ totalAmount: "34.90" });
    const againId = again.body.id;
    const action = (handler: typeof sendRemittance, verb: string) =>
      call<Remittance>(handler, {
        path: `/api/remittances/${againId}/${verb}`,
        method: "POST",
        params: { id: againId },
        token,
      });
    expect((await action(sendRemittance, "send")).status).toBe(200);
    expect((await shown(invoiceId)).status).toBe("pending_collection");
    await running.database.db
      .update(remittances)
      .set({ collectionDate: inDays(-1) })
      .where(eq(remittances.id, againId));
    expect((await action(settleRemittance, "settle")).status).toBe(200);
    expect(await shown(invoiceId)).toMatchObject({
      status: "paid",
      paidAmount: "34.90",
      creditedAmount: "15.00",
      amountDue: "0.00",
    });
  });
});

describe("dunning and the overdue list after a part rectification", () => {
  it("reminds of what is left, and not at all once payments and credits settle the invoice", async () => {
    const settled = await invoiced();
    const credited = await invoiced();
    const dueOn = await dueOnOf(settled.invoiceId);
    await dunningAt(running, madridAfter(dueOn, 1));
    expect((await shown(settled.invoiceId)).status).toBe("overdue");
    expect(await dunningReminders(running.database.db, settled.invoiceId)).toHaveLength(1);

    // The settled one: part paid (still overdue), then credited the rest: paid, so no reminder of day 4.
    expect((await payOn(settled.invoiceId, { amount: "20.00", method: "cash" })).body.invoice.status).toBe("overdue");
    expect((await rectifyBy(settled.invoiceId, { reason: "Descuento", amount: "29.90" })).status).toBe(201);
    expect((await shown(settled.invoiceId)).status).toBe("paid");
    // The other: credited 10.00 of it, still overdue for 39.90.
    expect((await rectifyBy(credited.invoiceId, { reason: "Descuento", amount: "10.00" })).status).toBe(201);

    await dunningAt(running, madridAfter(dueOn, 4));
    expect((await dunningReminders(running.database.db, settled.invoiceId)).map((mail) => mail.key)).toEqual([
      `dunning:${settled.invoiceId}:1`,
    ]);
    const late = await dunningReminders(running.database.db, credited.invoiceId);
    expect(late.map((mail) => mail.key)).toEqual([
      `dunning:${credited.invoiceId}:1`,
      `dunning:${credited.invoiceId}:4`,
    ]);
    expect(late[1]?.props).toMatchObject({ amountDue: "39.90" });

    const overdue = await call<{ items: { invoiceId: string; owed: string }[] }>(overdueRoute, {
      path: "/api/billing/overdue",
      token,
    });
    expect(overdue.body.items.find((item) => item.invoiceId === credited.invoiceId)?.owed).toBe("39.90");
    expect(overdue.body.items.map((item) => item.invoiceId)).not.toContain(settled.invoiceId);
  });
});

describe("migration 0028's backfill", () => {
  it("sets what earlier rectifying invoices credited, and settles what credits and payments cover", async () => {
    const part = await invoiced();
    const covered = await invoiced();
    expect((await rectifyBy(part.invoiceId, { reason: "Descuento", amount: "10.00" })).status).toBe(201);
    expect((await payOn(covered.invoiceId, { amount: "20.00", method: "cash" })).status).toBe(201);
    expect((await rectifyBy(covered.invoiceId, { reason: "Descuento", amount: "29.90" })).status).toBe(201);
    const ids = [part.invoiceId, covered.invoiceId];
    // As they were before 0028: nothing credited, the covered one still partly paid (state columns may change).
    await running.database.db
      .update(invoices)
      .set({
        creditedCents: 0n,
        status: sql`case when ${invoices.id} = ${covered.invoiceId} then 'partially_paid'
        else ${invoices.status} end::invoice_status`,
      })
      .where(inArray(invoices.id, ids));

    const migration = await readFile(path.join(MIGRATIONS_FOLDER, "0028_credited.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint").filter((part) => /^\s*UPDATE/m.test(part))) {
      await running.database.db.execute(sql.raw(statement));
    }
    expect(await stored(part.invoiceId)).toMatchObject({ status: "open", creditedCents: 1000n });
    expect(await stored(covered.invoiceId)).toMatchObject({ status: "paid", creditedCents: 2990n });
  });
});
