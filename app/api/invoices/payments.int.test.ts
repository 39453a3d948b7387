import "@/tests/support/isolated-env";
import { asc, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberBalance } from "@/lib/billing/collections/balance";
import { localDate } from "@/lib/platform/calendar";
import { type Platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, invoicePayments, invoices, mailOutbox, members } from "@/lib/platform/db/schema";
import { PEER_ADDRESS_HEADER } from "@/lib/platform/http/client-ip";
import type { ServiceContext } from "@/lib/services/context";
import { call, randomIp } from "@/tests/support/api";
import { billingClub, CLUB_SETTINGS, enrolInvoiced } from "@/tests/support/billing";
import { GET as balanceRoute } from "../members/[id]/balance/route";
import { GET as receiptRoute } from "./[id]/payments/[paymentId]/receipt/route";
import { POST as pay } from "./[id]/payments/route";
import { POST as rectify } from "./[id]/rectifications/route";
import { POST as refund } from "./[id]/refunds/route";
import { GET as getInvoice } from "./[id]/route";
import { POST as writeOff } from "./[id]/write-off/route";

type Invoice = { id: string; status: string; paidAmount: string; totalAmount: string };
type Movement = {
  rectifyingInvoice?: { id: string; number: string } | null;
  payment: { id: string; kind: string; amount: string; method: string; paidOn: string; reference: string | null };
  invoice: Invoice;
};
type Reply = Movement & Invoice & { code?: string; errors?: Record<string, string[]> };

let running: Platform;
let token: string;
let gold: string;
let sequence = 0;
const unknownId = "00000000-0000-4000-8000-000000000009";

const movement = (handler: typeof pay, action: string) => (id: string, body: object) =>
  call<Reply>(handler, { path: `/api/invoices/${id}/${action}`, params: { id }, token, body });
const payOn = movement(pay, "payments");
const refundOn = movement(refund, "refunds");
const writeOffOn = movement(writeOff, "write-off");
type Shown = {
  number: string;
  kind: string;
  totalAmount: string;
  amountDue: string;
  payments: { kind: string; amount: string; method: string; reference: string | null }[];
  rectifiedBy: { id: string; number: string; totalAmount: string; reason: string }[];
  rectifies: { id: string; reason: string } | null;
};
const shown = async (id: string) =>
  (await call<Shown>(getInvoice, { path: `/api/invoices/${id}`, params: { id }, token })).body;
const balanceOf = (id: string) =>
  call<Record<string, unknown>>(balanceRoute, { path: `/api/members/${id}/balance`, params: { id }, token });

/** The club's date today (Madrid), which is the date of every invoice these tests issue. */
const issuedToday = () => localDate(new Date(), CLUB_SETTINGS.timeZone);

/** Enrols a member on Gold (49.90 a month): one open invoice. */
async function invoiced(): Promise<{ memberId: string; invoiceId: string }> {
  sequence += 1;
  const member = { firstName: "Pau", lastName: `Soler${sequence}`, email: `payer${sequence}@club.example` };
  return enrolInvoiced(running.database.db, token, gold, member);
}

const stored = async (invoiceId: string) => {
  const [row] = await running.database.db
    .select({ status: invoices.status, paidCents: invoices.paidCents })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  const movements = await running.database.db
    .select({ kind: invoicePayments.kind, amountCents: invoicePayments.amountCents })
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, invoiceId))
    .orderBy(asc(invoicePayments.createdAt));
  return { ...row, movements };
};

const audited = async (action: string, invoiceId: string) =>
  (
    await running.database.db
      .select({ entityId: auditOutbox.entityId, data: auditOutbox.data })
      .from(auditOutbox)
      .where(eq(auditOutbox.action, action))
  ).filter((entry) => entry.entityId === invoiceId);

beforeAll(async () => {
  ({ running, token, gold } = await billingClub());
});
afterAll(() => stopPlatform());

describe("payments", () => {
  it("takes a part payment, then the rest: partially_paid, then paid, each stored and audited", async () => {
    const { invoiceId } = await invoiced();
    const first = await payOn(invoiceId, { amount: "20.00", method: "cash", reference: "Recibo 12" });
    expect(first.status).toBe(201);
    expect(first.body.payment).toMatchObject({
      kind: "payment",
      amount: "20.00",
      method: "cash",
      reference: "Recibo 12",
    });
    expect(first.body.invoice).toMatchObject({ status: "partially_paid", paidAmount: "20.00", totalAmount: "49.90" });
    const rest = await payOn(invoiceId, { amount: 29.9, method: "card", paidOn: issuedToday() });
    expect(rest.status).toBe(201);
    expect(rest.body.payment.paidOn).toBe(issuedToday());
    expect(rest.body.invoice).toMatchObject({ status: "paid", paidAmount: "49.90" });
    expect(await stored(invoiceId)).toEqual({
      status: "paid",
      paidCents: 4990n,
      movements: [
        { kind: "payment", amountCents: 2000n },
        { kind: "payment", amountCents: 2990n },
      ],
    });
    const entries = await audited("billing.payment_recorded", invoiceId);
    expect(entries.map((entry) => (entry.data as { amount: string }).amount)).toEqual(["20.00", "29.90"]);
  });

  it("records a payment sent with an Idempotency-Key once; the retry answers the first answer", async () => {
    const { invoiceId } = await invoiced();
    const retried = () =>
      call<Reply>(pay, {
        path: `/api/invoices/${invoiceId}/payments`,
        params: { id: invoiceId },
        token,
        headers: { "idempotency-key": `payment-${invoiceId}` },
        body: { amount: "20.00", method: "cash" },
      });
    const first = await retried();
    expect(first.status).toBe(201);
    const again = await retried();
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await stored(invoiceId)).movements).toEqual([{ kind: "payment", amountCents: 2000n }]);
  });

  it("refuses more than what is due (Billing.Overpayment) and a paid invoice (Billing.InvoiceNotPayable)", async () => {
    const { invoiceId } = await invoiced();
    const over = await payOn(invoiceId, { amount: "49.91", method: "bank_transfer" });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe("Billing.Overpayment");
    expect(await stored(invoiceId)).toEqual({ status: "open", paidCents: 0n, movements: [] });
    expect((await payOn(invoiceId, { amount: "49.90", method: "bank_transfer" })).status).toBe(201);
    const again = await payOn(invoiceId, { amount: "0.01", method: "cash" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("Billing.InvoiceNotPayable");
  });

  it("refuses bad input with 400 and errors, changing nothing", async () => {
    const { invoiceId } = await invoiced();
    const errorsOf = async (body: object) => {
      const reply = await payOn(invoiceId, body);
      expect(reply.status).toBe(400);
      return Object.keys(reply.body.errors ?? {}).sort();
    };
    expect(await errorsOf({ amount: "0", method: "cash" })).toEqual(["amount"]);
    expect(await errorsOf({ amount: "-5", method: "cheque" })).toEqual(["amount", "method"]);
    expect(await errorsOf({ amount: "1.234", method: "cash", paidOn: "2026-02-30" })).toEqual(["amount", "paidOn"]);
    expect(await errorsOf({ amount: "1.00", method: "cash", paidOn: "2999-01-01" })).toEqual(["paidOn"]);
    // Before the invoice was issued (today): refused, for a payment and a refund.
    const early = await payOn(invoiceId, { amount: "1.00", method: "cash", paidOn: "2026-01-02" });
    expect(early).toMatchObject({
      status: 400,
      body: { errors: { paidOn: [`The payment date cannot be before the invoice's date, ${issuedToday()}.`] } },
    });
    expect(await errorsOf({})).toEqual(["amount", "method"]);
    expect(await stored(invoiceId)).toEqual({ status: "open", paidCents: 0n, movements: [] });
    const refundErrors = await refundOn(invoiceId, { amount: "x", method: "cash" });
    expect(refundErrors.status).toBe(400);
    expect(Object.keys(refundErrors.body.errors ?? {})).toEqual(["amount"]);
    const reasonless = await writeOffOn(invoiceId, { reason: "  " });
    expect(reasonless.status).toBe(400);
    expect(Object.keys(reasonless.body.errors ?? {})).toEqual(["reason"]);
    expect(await stored(invoiceId)).toEqual({ status: "open", paidCents: 0n, movements: [] });
  });

  it("answers 404 for an unknown invoice", async () => {
    for (const send of [payOn, refundOn]) {
      const reply = await send(unknownId, { amount: "1.00", method: "cash" });
      expect(reply.status).toBe(404);
      expect(reply.body.code).toBe("Billing.InvoiceNotFound");
    }
    const reply = await writeOffOn(unknownId, { reason: "Se fue" });
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe("Billing.InvoiceNotFound");
  });

  it("refuses payments on a cancelled invoice and on a rectifying invoice", async () => {
    const { invoiceId } = await invoiced();
    const rectified = await call<{ id: string }>(rectify, {
      path: `/api/invoices/${invoiceId}/rectifications`,
      params: { id: invoiceId },
      token,
      body: { reason: "Alta duplicada" },
    });
    expect(rectified.status).toBe(201);
    for (const id of [invoiceId, rectified.body.id]) {
      const reply = await payOn(id, { amount: "1.00", method: "cash" });
      expect(reply.status).toBe(409);
      expect(reply.body.code).toBe("Billing.InvoiceNotPayable");
    }
  });
});

describe("receipts", () => {
  const receiptOf = (invoiceId: string, paymentId: string) =>
    receiptRoute(
      new Request(`http://localhost/api/invoices/${invoiceId}/payments/${paymentId}/receipt`, {
        headers: { authorization: `Bearer ${token}`, [PEER_ADDRESS_HEADER]: randomIp() },
      }),
      { params: Promise.resolve({ id: invoiceId, paymentId }) },
    );

  it("emails the member the receipt of a desk payment, once, in the transaction of the payment", async () => {
    const { memberId, invoiceId } = await invoiced();
    const reply = await payOn(invoiceId, { amount: "20.00", method: "cash", reference: "Recibo 12" });
    const receipts = await running.database.db
      .select({ to: mailOutbox.toAddress, props: mailOutbox.props, key: mailOutbox.dedupeKey })
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "payment-receipt"));
    const [member] = await running.database.db.select().from(members).where(eq(members.id, memberId));
    expect(receipts.filter((mail) => mail.to === member!.email)).toEqual([
      {
        to: member!.email,
        key: `payment-receipt:${reply.body.payment.id}`,
        props: expect.objectContaining({
          memberName: "Pau",
          amount: "20.00",
          method: "cash",
          reference: "Recibo 12",
          stillOwed: "29.90",
          currency: "EUR",
          language: "es",
        }),
      },
    ]);
  });

  it("downloads the receipt of a payment as a PDF that says what was received and what is still owed", async () => {
    const { invoiceId } = await invoiced();
    const first = await payOn(invoiceId, { amount: "20.00", method: "card" });
    const second = await payOn(invoiceId, { amount: "29.90", method: "cash", reference: "Caja 3" });
    const response = await receiptOf(invoiceId, second.body.payment.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const number = (await shown(invoiceId)).number;
    expect(response.headers.get("content-disposition")).toContain(`${number}-recibo-2.pdf`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    const read = text.replace(/\s+/g, " ");
    for (const expected of [
      "Recibo de pago",
      "Importe recibido 29,90 €",
      "Efectivo",
      "Caja 3",
      number,
      "Queda por pagar de la factura 0,00 €",
    ])
      expect(read).toContain(expected);
    expect((await receiptOf(invoiceId, first.body.payment.id)).headers.get("content-disposition")).toContain(
      "-recibo-1.pdf",
    );
  });

  it("answers 404 for a payment of another invoice and for an unknown invoice", async () => {
    const { invoiceId } = await invoiced();
    const other = await invoiced();
    const payment = await payOn(other.invoiceId, { amount: "1.00", method: "cash" });
    const elsewhere = await receiptOf(invoiceId, payment.body.payment.id);
    expect(elsewhere.status).toBe(404);
    expect((await elsewhere.json()).code).toBe("Billing.PaymentNotFound");
    const unknown = await receiptOf(unknownId, payment.body.payment.id);
    expect((await unknown.json()).code).toBe("Billing.InvoiceNotFound");
  });
});

describe("what the invoice shows of its payments and corrections", () => {
  it("lists payments and refunds oldest first, with the amount still due", async () => {
    const { invoiceId } = await invoiced();
    expect(await shown(invoiceId)).toMatchObject({ amountDue: "49.90", payments: [], rectifiedBy: [] });
    await payOn(invoiceId, { amount: "49.90", method: "bank_transfer", reference: "TR-1" });
    await refundOn(invoiceId, { amount: "9.90", method: "cash", reopensInvoice: true });
    const invoice = await shown(invoiceId);
    expect(invoice.amountDue).toBe("9.90");
    expect(invoice.payments).toMatchObject([
      { kind: "payment", amount: "49.90", method: "bank_transfer", reference: "TR-1" },
      { kind: "refund", amount: "9.90", method: "cash", reference: null },
    ]);
  });

  it("links a rectifying invoice and its original both ways; nothing is due on either once cancelled", async () => {
    const { invoiceId } = await invoiced();
    const part = await call<{ id: string; amountDue: string }>(rectify, {
      path: `/api/invoices/${invoiceId}/rectifications`,
      params: { id: invoiceId },
      token,
      body: { reason: "Descuento", amount: "10.00" },
    });
    expect(part.body.amountDue).toBe("0.00");
    const rest = await call<{ id: string }>(rectify, {
      path: `/api/invoices/${invoiceId}/rectifications`,
      params: { id: invoiceId },
      token,
      body: { reason: "Baja" },
    });
    const original = await shown(invoiceId);
    expect(original.amountDue).toBe("0.00");
    expect(original.rectifiedBy).toMatchObject([
      { id: part.body.id, totalAmount: "-10.00", reason: "Descuento" },
      { id: rest.body.id, totalAmount: "-39.90", reason: "Baja" },
    ]);
    expect(original.rectifiedBy[0]?.number).toMatch(/^R\d{4}-\d{6}$/);
    expect(await shown(part.body.id)).toMatchObject({ rectifies: { id: invoiceId }, rectifiedBy: [] });
  });
});

describe("refunds", () => {
  it("gives back part of a paid invoice as a credit: a rectifying invoice with the refund, still paid, nothing owed", async () => {
    const { memberId, invoiceId } = await invoiced();
    expect((await payOn(invoiceId, { amount: "49.90", method: "card" })).status).toBe(201);
    const tooMuch = await refundOn(invoiceId, { amount: "49.91", method: "card" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code).toBe("Billing.RefundExceedsPaid");
    const part = await refundOn(invoiceId, { amount: "20.00", method: "card", reference: "Lesión" });
    expect(part.status).toBe(201);
    expect(part.body.payment).toMatchObject({ kind: "refund", amount: "20.00", method: "card" });
    expect(part.body.invoice).toMatchObject({
      status: "paid",
      paidAmount: "29.90",
      creditedAmount: "20.00",
      amountDue: "0.00",
      refundDue: "0.00",
    });
    const rectifying = part.body.rectifyingInvoice as { id: string; number: string };
    expect(rectifying.number).toMatch(/^R\d{4}-\d{6}$/);
    expect(await shown(rectifying.id)).toMatchObject({
      kind: "rectifying",
      totalAmount: "-20.00",
      rectifies: { id: invoiceId, reason: "Lesión" },
    });
    expect((await balanceOf(memberId)).body).toMatchObject({ totalDue: "0.00", credit: "0.00" });
    // The rest given back credits the rest: cancelled, never owed again.
    const rest = await refundOn(invoiceId, { amount: "29.90", method: "cash" });
    expect(rest.body.invoice).toMatchObject({ status: "cancelled", paidAmount: "0.00", amountDue: "0.00" });
    expect((await stored(invoiceId)).movements.map((row) => row.kind)).toEqual(["payment", "refund", "refund"]);
    expect(await audited("billing.refund_recorded", invoiceId)).toHaveLength(2);
    expect(await audited("billing.invoice_rectified", invoiceId)).toHaveLength(2);
  });

  it("undoes a payment recorded by mistake when asked: paid → partially_paid → open, with no rectification", async () => {
    const { invoiceId } = await invoiced();
    expect((await payOn(invoiceId, { amount: "49.90", method: "card" })).status).toBe(201);
    const part = await refundOn(invoiceId, { amount: "9.90", method: "card", reopensInvoice: true });
    expect(part.body).toMatchObject({ rectifyingInvoice: null });
    expect(part.body.invoice).toMatchObject({ status: "partially_paid", paidAmount: "40.00", amountDue: "9.90" });
    const rest = await refundOn(invoiceId, { amount: "40.00", method: "cash", reopensInvoice: true });
    expect(rest.body.invoice).toMatchObject({ status: "open", paidAmount: "0.00", amountDue: "49.90" });
    expect(await audited("billing.invoice_rectified", invoiceId)).toHaveLength(0);
  });

  it("refuses a refund on an invoice nothing was paid on", async () => {
    const { invoiceId } = await invoiced();
    const reply = await refundOn(invoiceId, { amount: "0.01", method: "cash" });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe("Billing.RefundExceedsPaid");
  });
});

describe("write-offs", () => {
  it("writes off what is still due once, audited; the invoice then takes no payment", async () => {
    const { invoiceId } = await invoiced();
    expect((await payOn(invoiceId, { amount: "10.00", method: "cash" })).status).toBe(201);
    const reply = await writeOffOn(invoiceId, { reason: "Baja sin localizar" });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: "written_off", paidAmount: "10.00" });
    const [entry] = await audited("billing.invoice_written_off", invoiceId);
    expect(entry?.data).toMatchObject({ writtenOffAmount: "39.90", reason: "Baja sin localizar" });
    const again = await writeOffOn(invoiceId, { reason: "Otra vez" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("Billing.InvoiceNotWriteOffable");
    const payment = await payOn(invoiceId, { amount: "1.00", method: "cash" });
    expect(payment.body.code).toBe("Billing.InvoiceNotPayable");
  });

  it("refuses to write off a paid invoice", async () => {
    const { invoiceId } = await invoiced();
    expect((await payOn(invoiceId, { amount: "49.90", method: "cash" })).status).toBe(201);
    const reply = await writeOffOn(invoiceId, { reason: "No" });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe("Billing.InvoiceNotWriteOffable");
  });
});

describe("a member's balance", () => {
  it("sums what is owed, counts unpaid invoices and names the last payment", async () => {
    const { memberId, invoiceId } = await invoiced();
    expect((await balanceOf(memberId)).body).toEqual({
      memberId,
      totalDue: "49.90",
      overdue: "0.00",
      openInvoices: 1,
      credit: "0.00",
      lastPayment: null,
    });
    await payOn(invoiceId, { amount: "19.90", method: "bank_transfer", paidOn: issuedToday() });
    const reply = await balanceOf(memberId);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      memberId,
      totalDue: "30.00",
      overdue: "0.00",
      openInvoices: 1,
      credit: "0.00",
      lastPayment: { amount: "19.90", method: "bank_transfer", paidOn: issuedToday() },
    });
    // Past the due date (a clock a year on), the same debt is overdue before any job marks it.
    const later = await memberBalance(
      {
        db: running.database.db,
        club: { timeZone: "Europe/Madrid" } as ServiceContext["club"],
        now: () => new Date(Date.now() + 366 * 86_400_000),
      },
      memberId,
    );
    expect(later).toMatchObject({ ok: true, value: { totalDue: "30.00", overdue: "30.00" } });
  });

  it("answers 404 for an unknown member", async () => {
    const reply = await balanceOf(unknownId);
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe("Billing.MemberNotFound");
  });
});

describe("concurrency", () => {
  it.runIf(process.env.DATABASE_URL)(
    "of two parallel payments that together overpay, one is 201, one 409",
    async () => {
      const { invoiceId } = await invoiced();
      const replies = await Promise.all([
        payOn(invoiceId, { amount: "30.00", method: "cash" }),
        payOn(invoiceId, { amount: "30.00", method: "card" }),
      ]);
      expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
      expect(replies.find((reply) => reply.status === 409)?.body.code).toBe("Billing.Overpayment");
      expect(await stored(invoiceId)).toMatchObject({ status: "partially_paid", paidCents: 3000n });
      expect((await stored(invoiceId)).movements).toHaveLength(1);
      expect(await audited("billing.payment_recorded", invoiceId)).toHaveLength(1);
    },
  );
});
