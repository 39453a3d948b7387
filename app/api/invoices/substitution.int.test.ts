import "@/tests/support/isolated-env";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDate } from "@/lib/platform/calendar";
import { type Platform, stopPlatform } from "@/lib/platform/container";
import { invoices, members, verifactuRecords } from "@/lib/platform/db/schema";
import { call } from "@/tests/support/api";
import { auditEntriesOf } from "@/tests/support/audit";
import { billingClub, enrolInvoiced } from "@/tests/support/billing";
import { xmllint } from "@/tests/support/xmllint";
import { GET as issuedBookRoute } from "../billing/books/issued-invoices/route";
import { GET as vatReturnRoute } from "../billing/books/vat-return/route";
import { GET as balanceRoute } from "../members/[id]/balance/route";
import { POST as pay } from "./[id]/payments/route";
import { POST as rectify } from "./[id]/rectifications/route";
import { GET as getInvoice } from "./[id]/route";
import { POST as substitute } from "./[id]/substitute/route";

/**
 * A full invoice in place of a paid simplified one (docs/billing.md, Substituting a simplified invoice): an F3 naming
 * the simplified invoice, which keeps its payments and its IVA; the books and modelo 303 count the IVA once.
 */

const SCHEMA = path.resolve(import.meta.dirname, "../../../lib/billing/verifactu/xsd/SuministroInformacion.xsd");
const CLUB_NIF = "G28029643";

type Reference = { id: string; number: string };
type Invoice = {
  id: string;
  number: string;
  series: string;
  kind: string;
  status: string;
  issuedOn: string;
  subscriptionId: string | null;
  totalAmount: string;
  taxAmount: string;
  paidAmount: string;
  amountDue: string;
  customer: { name: string; taxId: string | null };
  lines: { description: string; totalAmount: string }[];
  payments: { amount: string }[];
  substitutes: Reference | null;
  substitutedBy: Reference | null;
  verifactu: { invoiceType: string } | null;
  code?: string;
};

let running: Platform;
let token: string;
let gold: string;
let sequence = 0;

const onInvoice = (handler: typeof pay, action: string) => (id: string, body?: object) =>
  call<Invoice>(handler, { path: `/api/invoices/${id}/${action}`, params: { id }, token, body });
const substituteOf = onInvoice(substitute, "substitute");
const payOn = onInvoice(pay, "payments");
const rectifyBy = onInvoice(rectify, "rectifications");
const shown = async (id: string) =>
  (await call<Invoice>(getInvoice, { path: `/api/invoices/${id}`, params: { id }, token })).body;
const invoiceCount = async () => (await running.database.db.select({ id: invoices.id }).from(invoices)).length;
const giveTaxId = (memberId: string) =>
  running.database.db.update(members).set({ taxId: "12345678Z" }).where(eq(members.id, memberId));

/** A member enrolled without a NIF (a simplified invoice of 49.90), paid unless asked otherwise. */
async function simplifiedInvoice({ paid = true, taxId }: { paid?: boolean; taxId?: string } = {}) {
  sequence += 1;
  const { memberId, invoiceId } = await enrolInvoiced(running.database.db, token, gold, {
    firstName: "Lucía",
    lastName: `Núñez ${sequence}`,
    email: `substitution${sequence}@club.example`,
    ...(taxId ? { taxId } : {}),
  });
  if (paid) expect((await payOn(invoiceId, { amount: "49.90", method: "cash" })).status).toBe(201);
  return { memberId, invoiceId };
}

beforeAll(async () => {
  ({ running, token, gold } = await billingClub());
});
afterAll(() => stopPlatform());

describe("a full invoice in place of a paid simplified one", () => {
  it("is an F3 naming the simplified invoice, to the member with their NIF; it owes nothing", async () => {
    const { memberId, invoiceId } = await simplifiedInvoice();
    await giveTaxId(memberId);
    const simplified = await shown(invoiceId);
    expect(simplified.verifactu?.invoiceType).toBe("F2");

    const reply = await substituteOf(invoiceId);

    expect(reply.status).toBe(201);
    expect(reply.headers.get("location")).toBe(`/api/invoices/${reply.body.id}`);
    expect(reply.body).toMatchObject({
      kind: "substitution",
      series: simplified.series,
      status: "paid",
      subscriptionId: simplified.subscriptionId,
      totalAmount: "49.90",
      taxAmount: simplified.taxAmount,
      paidAmount: "0.00",
      amountDue: "0.00",
      customer: { taxId: "12345678Z" },
      lines: simplified.lines,
      payments: [],
      substitutes: { id: invoiceId, number: simplified.number },
      substitutedBy: null,
      verifactu: { invoiceType: "F3" },
    });
    // The simplified invoice stays as it was, paid with its payment, and links to its substitution.
    expect(await shown(invoiceId)).toMatchObject({
      status: "paid",
      paidAmount: "49.90",
      payments: [{ amount: "49.90" }],
      substitutedBy: { id: reply.body.id, number: reply.body.number },
    });
    const balance = await call<{ totalDue: string; credit: string }>(balanceRoute, {
      path: `/api/members/${memberId}/balance`,
      params: { id: memberId },
      token,
    });
    expect(balance.body).toMatchObject({ totalDue: "0.00", credit: "0.00" });
    const [entry] = (await auditEntriesOf(running.database, reply.body.id)).filter(
      (row) => row.action === "billing.invoice_issued",
    );
    expect(entry?.data).toMatchObject({ number: reply.body.number, substitutesInvoiceId: invoiceId });
  });

  it("records FacturasSustituidas and the recipient, valid against the AEAT's schema", async () => {
    const { memberId, invoiceId } = await simplifiedInvoice();
    await giveTaxId(memberId);
    const simplified = await shown(invoiceId);
    const full = (await substituteOf(invoiceId)).body;

    const [record] = await running.database.db
      .select()
      .from(verifactuRecords)
      .where(eq(verifactuRecords.invoiceId, full.id));
    expect(await xmllint(record?.xml ?? "", SCHEMA)).toMatchObject({ valid: true });
    const aeatDate = simplified.issuedOn.split("-").reverse().join("-");
    expect(record?.xml).toContain(
      `<sf:TipoFactura>F3</sf:TipoFactura><sf:FacturasSustituidas><sf:IDFacturaSustituida><sf:IDEmisorFactura>${CLUB_NIF}</sf:IDEmisorFactura><sf:NumSerieFactura>${simplified.number}</sf:NumSerieFactura><sf:FechaExpedicionFactura>${aeatDate}</sf:FechaExpedicionFactura></sf:IDFacturaSustituida></sf:FacturasSustituidas>`,
    );
    expect(record?.xml).toContain("<sf:Destinatarios><sf:IDDestinatario>");
    expect(record?.xml).toContain("<sf:NIF>12345678Z</sf:NIF>");
  });

  it("is counted once in the book of issued invoices and in modelo 303", async () => {
    const today = localDate(new Date(), "Europe/Madrid");
    const book = async () =>
      (
        await call<{
          totals: { invoices: number; total: string; tax: string };
          rows: { items: { number: string; type: string; substitutesNumber: string | null }[] };
        }>(issuedBookRoute, {
          path: `/api/billing/books/issued-invoices?from=${today}&to=${today}&pageSize=100`,
          token,
        })
      ).body;
    const [year, month] = today.split("-").map(Number);
    const quarter = Math.ceil((month ?? 1) / 3);
    const vatReturn = async () =>
      (
        await call<{ totalAccrued: { tax: string }; invoices: number }>(vatReturnRoute, {
          path: `/api/billing/books/vat-return?year=${year}&quarter=${quarter}`,
          token,
        })
      ).body;
    const { memberId, invoiceId } = await simplifiedInvoice();
    await giveTaxId(memberId);
    const [bookBefore, vatBefore] = [await book(), await vatReturn()];

    const full = (await substituteOf(invoiceId)).body;

    const bookAfter = await book();
    expect(bookAfter.totals.total).toBe(bookBefore.totals.total);
    expect(bookAfter.totals.tax).toBe(bookBefore.totals.tax);
    expect(bookAfter.totals.invoices).toBe(bookBefore.totals.invoices + 1);
    expect(bookAfter.rows.items).toContainEqual(
      expect.objectContaining({ number: full.number, type: "F3", substitutesNumber: (await shown(invoiceId)).number }),
    );
    expect((await vatReturn()).totalAccrued.tax).toBe(vatBefore.totalAccrued.tax);
  });

  it("is issued once when two requests race", async () => {
    const { memberId, invoiceId } = await simplifiedInvoice();
    await giveTaxId(memberId);
    const before = await invoiceCount();
    const replies = await Promise.all([substituteOf(invoiceId), substituteOf(invoiceId)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect(replies.find((reply) => reply.status === 409)?.body.code).toBe("Billing.InvoiceAlreadySubstituted");
    expect(await invoiceCount()).toBe(before + 1);
  });
});

describe("what is refused, changing nothing", () => {
  const refused = async (id: string, status: number, code: string) => {
    const before = await invoiceCount();
    const reply = await substituteOf(id);
    expect({ status: reply.status, code: reply.body.code }).toEqual({ status, code });
    expect(await invoiceCount()).toBe(before);
  };

  it("a second substitution of the same invoice", async () => {
    const { memberId, invoiceId } = await simplifiedInvoice();
    await giveTaxId(memberId);
    expect((await substituteOf(invoiceId)).status).toBe(201);
    await refused(invoiceId, 409, "Billing.InvoiceAlreadySubstituted");
  });

  it("a member still without a NIF", async () => {
    const { invoiceId } = await simplifiedInvoice();
    await refused(invoiceId, 409, "Billing.CustomerTaxIdMissing");
  });

  it("a simplified invoice still owed, or credited in part", async () => {
    const owed = await simplifiedInvoice({ paid: false });
    await giveTaxId(owed.memberId);
    await refused(owed.invoiceId, 409, "Billing.InvoiceNotSubstitutable");
    const credited = await simplifiedInvoice();
    await giveTaxId(credited.memberId);
    expect((await rectifyBy(credited.invoiceId, { amount: "10.00", reason: "Descuento" })).status).toBe(201);
    await refused(credited.invoiceId, 409, "Billing.InvoiceNotSubstitutable");
  });

  it("a full invoice, a rectifying invoice, a substitution, an unknown id", async () => {
    const full = await simplifiedInvoice({ taxId: "12345678Z" });
    await refused(full.invoiceId, 409, "Billing.InvoiceNotSubstitutable");
    const { memberId, invoiceId } = await simplifiedInvoice();
    await giveTaxId(memberId);
    const substitution = (await substituteOf(invoiceId)).body;
    await refused(substitution.id, 409, "Billing.InvoiceNotSubstitutable");
    const credit = await rectifyBy(full.invoiceId, { reason: "Baja" });
    expect(credit.status).toBe(201);
    const rectifying = (await shown(full.invoiceId)) as Invoice & { rectifiedBy: { id: string }[] };
    await refused(rectifying.rectifiedBy[0]?.id ?? "", 409, "Billing.InvoiceNotSubstitutable");
    await refused("00000000-0000-4000-8000-000000000000", 404, "Billing.InvoiceNotFound");
  });
});
