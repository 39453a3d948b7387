import "@/tests/support/isolated-env";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDate } from "@/lib/platform/calendar";
import { type Platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, invoices, members, plans, platformSettings, subscriptions } from "@/lib/platform/db/schema";
import { call } from "@/tests/support/api";
import { billingClub, enrolInvoiced } from "@/tests/support/billing";
import { GET as journalRoute } from "../billing/books/payments/route";
import { GET as balanceRoute } from "../members/[id]/balance/route";
import { POST as cancelRoute } from "../members/[id]/subscriptions/[sid]/cancel/route";
import { POST as changePlanRoute } from "../members/[id]/subscriptions/[sid]/change-plan/route";
import { POST as renewRoute } from "../members/[id]/subscriptions/[sid]/renew/route";
import { POST as pay } from "./[id]/payments/route";
import { POST as rectify } from "./[id]/rectifications/route";
import { POST as refund } from "./[id]/refunds/route";
import { POST as reissue } from "./[id]/reissue/route";
import { GET as getInvoice } from "./[id]/route";
import { POST as issueInvoice } from "./route";

/**
 * What a term's end, a refund and a correction do to what a member owes (docs/billing.md, Rectifications that add
 * up): credits are rectifying invoices of the invoice they correct, capped at what is left of it; money beyond what
 * is owed is the member's credit, which pays their next invoice or is refunded, never dropped.
 */
type Invoice = {
  id: string;
  number: string;
  kind: string;
  status: string;
  subscriptionId: string | null;
  totalAmount: string;
  paidAmount: string;
  creditedAmount: string;
  amountDue: string;
  refundDue: string;
  customer: { taxId: string | null };
  lines: { description: string; baseAmount: string; taxRate: string; taxAmount: string; totalAmount: string }[];
  taxBreakdown: { taxRate: string; exemptReason: string | null; baseAmount: string; taxAmount: string }[];
  payments: { kind: string; amount: string; method: string; reference: string | null }[];
  rectifiedBy: { number: string; totalAmount: string; reason: string }[];
  replaces: { id: string; number: string } | null;
  replacedBy: { id: string; number: string } | null;
  verifactu: { invoiceType: string } | null;
  code?: string;
};

let running: Platform;
let token: string;
let gold: string;
let basic: string;
let sequence = 0;

const EXEMPT = "Exento, art. 20.1.13º Ley 37/1992 del IVA";

async function enrolled(values: { paid?: boolean } = {}) {
  sequence += 1;
  const member = { firstName: "Irene", lastName: `Gil${sequence}`, email: `credit${sequence}@club.example` };
  const { memberId, invoiceId } = await enrolInvoiced(running.database.db, token, gold, member);
  const [term] = await running.database.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.memberId, memberId));
  if (values.paid) expect((await payOn(invoiceId, { amount: "49.90", method: "cash" })).status).toBe(201);
  return { memberId, invoiceId, termId: term!.id };
}

const onInvoice = (handler: typeof pay, action: string) => (id: string, body?: object) =>
  call<Invoice & { invoice: Invoice; rectifyingInvoice: { id: string } | null }>(handler, {
    path: `/api/invoices/${id}/${action}`,
    params: { id },
    token,
    body,
  });
const payOn = onInvoice(pay, "payments");
const refundOn = onInvoice(refund, "refunds");
const rectifyBy = onInvoice(rectify, "rectifications");
const reissueOf = onInvoice(reissue, "reissue");
const shown = async (id: string) =>
  (await call<Invoice>(getInvoice, { path: `/api/invoices/${id}`, params: { id }, token })).body;
const balanceOf = async (id: string) =>
  (
    await call<{ totalDue: string; credit: string; lastPayment: unknown }>(balanceRoute, {
      path: `/api/members/${id}/balance`,
      params: { id },
      token,
    })
  ).body;
const onTerm = (handler: typeof cancelRoute, action: string) => (memberId: string, sid: string, body: object) =>
  call(handler, {
    path: `/api/members/${memberId}/subscriptions/${sid}/${action}`,
    params: { id: memberId, sid },
    token,
    body,
  });
const changePlanOf = onTerm(changePlanRoute, "change-plan");
const cancelOf = onTerm(cancelRoute, "cancel");
const renewOf = onTerm(renewRoute, "renew");
const issueWith = (body: object) => call<Invoice>(issueInvoice, { path: "/api/invoices", token, body });

/** The member's invoices in issue order, with the figures a treasurer checks. */
const invoicesOf = async (memberId: string) =>
  running.database.db
    .select({
      id: invoices.id,
      series: invoices.series,
      status: invoices.status,
      total: invoices.totalCents,
      paid: invoices.paidCents,
      credited: invoices.creditedCents,
      rectifies: invoices.rectifiesInvoiceId,
    })
    .from(invoices)
    .where(eq(invoices.memberId, memberId))
    .orderBy(asc(invoices.chainPosition));

beforeAll(async () => {
  ({ running, token, gold } = await billingClub());
  const [plan] = await running.database.db
    .insert(plans)
    .values({ name: "Basic", code: "BASIC", monthlyPrice: "30.00" })
    .returning();
  basic = plan!.id;
});
afterAll(() => stopPlatform());

describe("a plan change", () => {
  it("keeps a credit beyond the new price as the member's credit, which pays the next invoice or is refunded", async () => {
    // Gold paid (49.90), changed on its first day to Basic (30.00): 49.90 credited, 30.00 pays Basic, 19.90 is kept.
    const { memberId, invoiceId, termId } = await enrolled({ paid: true });
    expect((await changePlanOf(memberId, termId, { planId: basic })).status).toBe(201);
    const [replaced, credit, started] = await invoicesOf(memberId);
    expect(credit).toMatchObject({ series: "R", rectifies: invoiceId, total: -4990n });
    expect(replaced).toMatchObject({ status: "cancelled", total: 4990n, credited: 4990n, paid: 1990n });
    expect(started).toMatchObject({ series: "F", status: "paid", total: 3000n, paid: 3000n });
    const paidByCredit = await shown(started!.id);
    expect(paidByCredit.payments).toEqual([
      expect.objectContaining({ kind: "payment", method: "credit", amount: "30.00", reference: expect.any(String) }),
    ]);
    expect((await shown(invoiceId)).refundDue).toBe("19.90");
    expect(await balanceOf(memberId)).toMatchObject({ totalDue: "0.00", credit: "19.90" });
    const applied = await running.database.db
      .select({ data: auditOutbox.data })
      .from(auditOutbox)
      .where(and(eq(auditOutbox.action, "billing.credit_applied"), eq(auditOutbox.entityId, started!.id)));
    expect(applied).toEqual([
      { data: expect.objectContaining({ memberId, fromInvoiceId: invoiceId, amount: "30.00" }) },
    ]);
    // The accountant's payments journal shows money that moved: the cash, not the credit moved between invoices.
    const day = localDate(new Date(), "Europe/Madrid");
    const journal = await call<{ movements: { invoiceId: string; method: string; amount: string }[] }>(journalRoute, {
      path: `/api/billing/books/payments?from=${day}&to=${day}`,
      token,
    });
    const mine = journal.body.movements.filter((row) => [invoiceId, started!.id].includes(row.invoiceId));
    expect(mine).toEqual([expect.objectContaining({ invoiceId, method: "cash", amount: "49.90" })]);

    // A 15.00 locker invoiced later is paid from it; the 4.90 left is given back, with no rectification.
    const locker = await issueWith({ memberId, lines: [{ description: "Taquilla", amount: "15.00" }] });
    expect(locker.body).toMatchObject({ status: "paid", paidAmount: "15.00", amountDue: "0.00" });
    expect(await balanceOf(memberId)).toMatchObject({ credit: "4.90" });
    const back = await refundOn(invoiceId, { amount: "4.90", method: "cash" });
    expect(back.body).toMatchObject({ rectifyingInvoice: null, invoice: { status: "cancelled", refundDue: "0.00" } });
    expect(await balanceOf(memberId)).toMatchObject({ totalDue: "0.00", credit: "0.00" });
  });

  it("credits a replaced unpaid invoice, so the member owes the new term only", async () => {
    const { memberId, invoiceId, termId } = await enrolled();
    expect((await changePlanOf(memberId, termId, { planId: basic })).status).toBe(201);
    expect(await shown(invoiceId)).toMatchObject({ status: "cancelled", amountDue: "0.00", refundDue: "0.00" });
    expect(await balanceOf(memberId)).toMatchObject({ totalDue: "30.00", credit: "0.00" });
  });

  it("credits nothing more on a term already credited in full: never twice", async () => {
    const { memberId, invoiceId, termId } = await enrolled({ paid: true });
    expect((await rectifyBy(invoiceId, { reason: "Alta duplicada" })).status).toBe(201);
    expect(await balanceOf(memberId)).toMatchObject({ credit: "49.90" });
    expect((await changePlanOf(memberId, termId, { planId: basic })).status).toBe(201);
    const rows = await invoicesOf(memberId);
    // One credit of Gold (the staff's), and Basic paid from it: 49.90 − 30.00 left, as before the change less Basic.
    expect(rows.map((row) => [row.series, row.status, row.total])).toEqual([
      ["F", "cancelled", 4990n],
      ["R", "open", -4990n],
      ["F", "paid", 3000n],
    ]);
    expect((await shown(invoiceId)).rectifiedBy).toHaveLength(1);
    expect(await balanceOf(memberId)).toMatchObject({ totalDue: "0.00", credit: "19.90" });
  });
});

describe("a cancellation", () => {
  it("credits the unused part of the term (the club prorates): on its first day, all of it", async () => {
    const { memberId, invoiceId, termId } = await enrolled({ paid: true });
    expect((await cancelOf(memberId, termId, { reason: "Se muda" })).status).toBe(200);
    expect(await shown(invoiceId)).toMatchObject({
      status: "cancelled",
      creditedAmount: "49.90",
      refundDue: "49.90",
      rectifiedBy: [{ totalAmount: "-49.90", reason: "Parte no disfrutada del periodo (baja)" }],
    });
    expect(await balanceOf(memberId)).toMatchObject({ totalDue: "0.00", credit: "49.90" });
  });

  it("credits in full a renewal paid ahead that had not started", async () => {
    const { memberId, termId } = await enrolled({ paid: true });
    expect((await renewOf(memberId, termId, {})).status).toBe(201);
    const [, renewal] = await invoicesOf(memberId);
    expect(renewal).toMatchObject({ series: "F", status: "open", total: 4990n });
    expect((await cancelOf(memberId, termId, {})).status).toBe(200);
    expect(await shown(renewal!.id)).toMatchObject({
      status: "cancelled",
      amountDue: "0.00",
      rectifiedBy: [{ totalAmount: "-49.90", reason: "Renovación anulada antes de empezar" }],
    });
    expect(await balanceOf(memberId)).toMatchObject({ totalDue: "0.00", credit: "49.90" });
  });
});

describe("reissuing a term's invoice", () => {
  it("issues it again to the member as they are now, linked both ways; a term has one live invoice", async () => {
    const { memberId, invoiceId } = await enrolled();
    expect((await shown(invoiceId)).verifactu?.invoiceType).toBe("F2");
    const live = await reissueOf(invoiceId);
    expect(live.status).toBe(409);
    expect(live.body.code).toBe("Billing.InvoiceNotReissuable");
    expect((await rectifyBy(invoiceId, { reason: "Falta el NIF" })).status).toBe(201);
    await running.database.db.update(members).set({ taxId: "12345678Z" }).where(eq(members.id, memberId));

    const reply = await reissueOf(invoiceId);
    expect(reply.status).toBe(201);
    expect(reply.headers.get("location")).toBe(`/api/invoices/${reply.body.id}`);
    const original = await shown(invoiceId);
    expect(reply.body).toMatchObject({
      kind: "invoice",
      status: "open",
      subscriptionId: original.subscriptionId,
      totalAmount: "49.90",
      amountDue: "49.90",
      customer: { taxId: "12345678Z" },
      replaces: { id: invoiceId, number: original.number },
      replacedBy: null,
      verifactu: { invoiceType: "F1" },
    });
    expect(original.replacedBy).toEqual({ id: reply.body.id, number: reply.body.number });
    expect(await balanceOf(memberId)).toMatchObject({ totalDue: "49.90" });

    const again = await reissueOf(invoiceId);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("Billing.TermAlreadyInvoiced");
    expect((await invoicesOf(memberId)).filter((row) => row.series === "F")).toHaveLength(2);
  });

  it("reissues once when two requests race", async () => {
    const { invoiceId, memberId } = await enrolled();
    expect((await rectifyBy(invoiceId, { reason: "Error" })).status).toBe(201);
    const replies = await Promise.all([reissueOf(invoiceId), reissueOf(invoiceId)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect((await invoicesOf(memberId)).filter((row) => row.series === "F")).toHaveLength(2);
  });

  it("refuses a rectifying invoice, an invoice without a term, and an unknown id", async () => {
    const { invoiceId, memberId } = await enrolled();
    const credit = await rectifyBy(invoiceId, { reason: "Error" });
    expect((await reissueOf(credit.body.id)).body.code).toBe("Billing.InvoiceNotReissuable");
    const free = await issueWith({ memberId, lines: [{ description: "Toalla", amount: "3.00" }] });
    expect((await rectifyBy(free.body.id, { reason: "Error" })).status).toBe(201);
    expect((await reissueOf(free.body.id)).body.code).toBe("Billing.InvoiceNotReissuable");
    const unknown = await reissueOf("00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("Billing.InvoiceNotFound");
  });
});

describe("an invoice with free lines", () => {
  it("mixes an exempt fee and a 21 % locker, each line at its rate, with the breakdown per rate", async () => {
    const { memberId } = await enrolled();
    const reply = await issueWith({
      memberId,
      lines: [
        { description: "Cuota de inscripción", amount: "20.00", exemptReason: EXEMPT },
        { description: "Taquilla, diciembre", amount: "12.10", taxRate: "21" },
      ],
    });
    expect(reply.status).toBe(201);
    expect(reply.headers.get("location")).toBe(`/api/invoices/${reply.body.id}`);
    expect(reply.body).toMatchObject({
      kind: "invoice",
      subscriptionId: null,
      status: "open",
      totalAmount: "32.10",
      amountDue: "32.10",
      lines: [
        { description: "Cuota de inscripción", baseAmount: "20.00", taxRate: "0.00", taxAmount: "0.00" },
        { description: "Taquilla, diciembre", baseAmount: "10.00", taxRate: "21.00", taxAmount: "2.10" },
      ],
    });
    expect(reply.body.taxBreakdown).toEqual(
      expect.arrayContaining([
        { taxRate: "0.00", exemptReason: EXEMPT, notSubjectReason: null, baseAmount: "20.00", taxAmount: "0.00" },
        { taxRate: "21.00", exemptReason: null, notSubjectReason: null, baseAmount: "10.00", taxAmount: "2.10" },
      ]),
    );
    expect(await balanceOf(memberId)).toMatchObject({ totalDue: "82.00" });
  });

  it("refuses bad lines with 400 and errors, an unknown member with 404, issuing nothing", async () => {
    const { memberId } = await enrolled();
    const before = (await invoicesOf(memberId)).length;
    const yesterday = localDate(new Date(Date.now() - 86_400_000), "Europe/Madrid");
    const cases: [object, string][] = [
      [{ memberId, lines: [] }, "lines"],
      [{ memberId, lines: [{ description: "", amount: "1.00" }] }, "lines.0.description"],
      [{ memberId, lines: [{ description: "Toalla", amount: "0.00" }] }, "lines.0.amount"],
      [{ memberId, lines: [{ description: "Toalla", amount: "3.00", taxRate: "0" }] }, "lines.0.exemptReason"],
      [{ memberId, lines: [{ description: "Toalla", amount: "3.00" }], dueOn: yesterday }, "dueOn"],
    ];
    for (const [body, field] of cases) {
      const reply = await issueWith(body);
      expect(reply.status, field).toBe(400);
      expect(Object.keys((reply.body as { errors?: object }).errors ?? {}), field).toContain(field);
    }
    const unknown = await issueWith({
      memberId: "00000000-0000-4000-8000-000000000000",
      lines: [{ description: "Toalla", amount: "3.00" }],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("Billing.MemberNotFound");
    expect(await invoicesOf(memberId)).toHaveLength(before);
  });

  it("is refused until billing has started", async () => {
    const { memberId } = await enrolled();
    await running.database.db.update(platformSettings).set({ taxId: null });
    const reply = await issueWith({ memberId, lines: [{ description: "Toalla", amount: "3.00" }] });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe("Billing.NotStarted");
  });
});
