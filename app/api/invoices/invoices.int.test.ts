import "@/tests/support/isolated-env";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, invoices } from "@/lib/platform/db/schema";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { CLUB_SETTINGS, enrol, goldPlan } from "@/tests/support/billing";
import { resetDatabase } from "@/tests/support/reset-database";
import { GET as listMemberInvoices } from "../members/[id]/invoices/route";
import { GET as getSettings, PUT as updateSettings } from "../settings/route";
import { POST as rectify } from "./[id]/rectifications/route";
import { GET as getInvoice } from "./[id]/route";
import { GET as listInvoices } from "./route";
import { GET as verify } from "./verification/route";

type Invoice = {
  id: string;
  number: string;
  series: string;
  kind: string;
  status: string;
  memberId: string;
  totalAmount: string;
  baseAmount: string;
  taxAmount: string;
  issuedOn: string;
  rectifies: { id: string; number: string; reason: string } | null;
  lines: { description: string; totalAmount: string; taxRate: string; baseAmount: string; taxAmount: string }[];
  taxBreakdown: { taxRate: string; exemptReason: string | null; baseAmount: string; taxAmount: string }[];
  customer: { name: string; taxId: string | null };
  issuer: { legalName: string; taxId: string };
};
type Page = { items: Invoice[]; totalCount: number };

let running: Platform;
let token: string;
let gold: string;
let sequence = 0;
const unknownId = "00000000-0000-4000-8000-000000000009";

const SETTINGS = CLUB_SETTINGS;
const TAX_DATA = {
  legalName: "Club Náutico de Altea",
  taxId: "g-28029643",
  address: { line: "Muelle 1", postalCode: "03590", city: "Altea", province: "Alicante" },
};

const putSettings = (body: object) =>
  call<Record<string, unknown>>(updateSettings, { path: "/api/settings", method: "PUT", token, body });
const list = (query = "") => call<Page>(listInvoices, { path: `/api/invoices?${query}`, token });
const get = (id: string) => call<Invoice>(getInvoice, { path: `/api/invoices/${id}`, params: { id }, token });
const rectifyBy = (id: string, body: object) =>
  call<Invoice & { code?: string }>(rectify, {
    path: `/api/invoices/${id}/rectifications`,
    params: { id },
    token,
    body,
  });

function enrolled() {
  sequence += 1;
  return enrol(token, gold, {
    firstName: "Marta",
    lastName: `Ruiz${sequence}`,
    email: `invoices${sequence}@club.example`,
  });
}

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
  gold = await goldPlan(running.database.db);
});
afterAll(() => stopPlatform());

describe("the club's tax data in settings", () => {
  it("starts without it: enrolments issue no invoice", async () => {
    const settings = await call<{ taxData: Record<string, unknown> }>(getSettings, { path: "/api/settings", token });
    expect(settings.body.taxData).toEqual({
      legalName: null,
      taxId: null,
      address: null,
      defaultTaxRate: "21.00",
      billingStarted: false,
    });
    await enrolled();
    expect(await running.database.db.select({ id: invoices.id }).from(invoices)).toEqual([]);
  });

  it("refuses a NIF with a wrong check character, a missing address and a rate over 100 %, changing nothing", async () => {
    const refused = await putSettings({
      ...SETTINGS,
      taxData: { ...TAX_DATA, taxId: "G28029644", address: { line: "Muelle 1" }, defaultTaxRate: "121" },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors as object).sort()).toEqual([
      "taxData.address.city",
      "taxData.address.postalCode",
      "taxData.defaultTaxRate",
      "taxData.taxId",
    ]);
    const settings = await call<{ taxData: { billingStarted: boolean } }>(getSettings, {
      path: "/api/settings",
      token,
    });
    expect(settings.body.taxData.billingStarted).toBe(false);
  });

  it("stores it compact, audits it, and keeps it when a later PUT leaves it out", async () => {
    const saved = await putSettings({ ...SETTINGS, taxData: TAX_DATA });
    expect(saved.status).toBe(200);
    expect(saved.body.taxData).toEqual({
      legalName: "Club Náutico de Altea",
      taxId: "G28029643",
      address: { line: "Muelle 1", postalCode: "03590", city: "Altea", province: "Alicante", country: "ES" },
      defaultTaxRate: "21.00",
      billingStarted: true,
    });
    const again = await call(updateSettings, {
      path: "/api/settings",
      method: "PUT",
      token,
      body: { ...SETTINGS, description: "Vela" },
    });
    expect(again.status).toBe(200);
    expect((again.body.taxData as { billingStarted: boolean }).billingStarted).toBe(true);
    const audited = await running.database.db
      .select({ data: auditOutbox.data })
      .from(auditOutbox)
      .where(eq(auditOutbox.action, "settings.updated"));
    expect(audited.some((entry) => (entry.data as { changed: string[] }).changed.includes("taxData"))).toBe(true);
  });
});

describe("invoices", () => {
  let memberId: string;
  let invoice: Invoice;

  it("lists the invoice an enrolment issued, with filters", async () => {
    memberId = await enrolled();
    const page = await list();
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe(1);
    [invoice] = page.body.items as [Invoice];
    expect(invoice).toMatchObject({
      series: "F",
      kind: "invoice",
      status: "open",
      memberId,
      totalAmount: "49.90",
      baseAmount: "41.24",
      taxAmount: "8.66",
      rectifies: null,
    });
    expect(invoice.number).toMatch(/^F\d{4}-000001$/);
    expect((await list(`memberId=${memberId}&status=open&series=F`)).body.totalCount).toBe(1);
    expect((await list(`issuedFrom=${invoice.issuedOn}&issuedTo=${invoice.issuedOn}`)).body.totalCount).toBe(1);
    expect((await list("status=paid")).body.totalCount).toBe(0);
    expect((await list("series=R")).body.totalCount).toBe(0);
    expect((await list("issuedFrom=2000-01-01&issuedTo=2000-12-31")).body.totalCount).toBe(0);
  });

  it("searches the number as shown and the customer's name, any case; LIKE's wildcards are plain text", async () => {
    const [first] = (await list()).body.items as [Invoice];
    const found = async (search: string) => (await list(`search=${encodeURIComponent(search)}`)).body.totalCount;
    expect(await found(first.number.toLowerCase())).toBe(1);
    expect(await found(first.number.slice(-6))).toBe(1);
    expect(await found("marta ruiz")).toBe(1);
    expect(await found("Marta_Ruiz")).toBe(0);
    expect(await found("%")).toBe(0);
    expect(await found("Nadie")).toBe(0);
  });

  it("refuses bad filters with 400 and errors", async () => {
    const errorsOf = async (query: string) => {
      const bad = await list(query);
      expect(bad.status).toBe(400);
      return Object.keys((bad.body as unknown as { errors: object }).errors).sort();
    };
    expect(await errorsOf("status=nope&issuedFrom=2026-13-01&memberId=x&series=z&kind=x&orderBy=other")).toEqual([
      "issuedFrom",
      "kind",
      "memberId",
      "orderBy",
      "series",
      "status",
    ]);
    expect(await errorsOf("issuedFrom=2026-02-01&issuedTo=2026-01-01")).toEqual(["issuedTo"]);
  });

  it("answers one invoice with its lines and tax breakdown, and 404 for an unknown one", async () => {
    const found = await get(invoice.id);
    expect(found.status).toBe(200);
    expect(found.body.lines).toEqual([
      expect.objectContaining({
        description: "Gold, mensual",
        totalAmount: "49.90",
        baseAmount: "41.24",
        taxRate: "21.00",
      }),
    ]);
    expect(found.body.taxBreakdown).toEqual([
      { taxRate: "21.00", exemptReason: null, notSubjectReason: null, baseAmount: "41.24", taxAmount: "8.66" },
    ]);
    expect(found.body.issuer).toMatchObject({ legalName: "Club Náutico de Altea", taxId: "G28029643" });
    const missing = await get(unknownId);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "Billing.InvoiceNotFound" });
  });

  it("lists a member's invoices, and 404 for an unknown member", async () => {
    const page = await call<Page>(listMemberInvoices, {
      path: `/api/members/${memberId}/invoices`,
      params: { id: memberId },
      token,
    });
    expect(page.body.items.map((item) => item.id)).toEqual([invoice.id]);
    const missing = await call(listMemberInvoices, {
      path: `/api/members/${unknownId}/invoices`,
      params: { id: unknownId },
      token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "Billing.MemberNotFound" });
  });

  it("rectifies an invoice in full once: series R, negative amounts, the original cancelled", async () => {
    expect((await rectifyBy(invoice.id, {})).status).toBe(400);
    expect((await rectifyBy(invoice.id, { reason: "  " })).status).toBe(400);
    expect((await get(invoice.id)).body.status).toBe("open");
    const missing = await rectifyBy(unknownId, { reason: "Error" });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("Billing.InvoiceNotFound");

    const rectified = await rectifyBy(invoice.id, { reason: "Alta duplicada" });
    expect(rectified.status).toBe(201);
    expect(rectified.headers.get("location")).toBe(`/api/invoices/${rectified.body.id}`);
    expect(rectified.body).toMatchObject({
      series: "R",
      kind: "rectifying",
      totalAmount: "-49.90",
      baseAmount: "-41.24",
      taxAmount: "-8.66",
      rectifies: { id: invoice.id, number: invoice.number, reason: "Alta duplicada" },
    });
    expect(rectified.body.number).toMatch(/^R\d{4}-000001$/);
    expect(rectified.body.lines[0]!.description).toBe(`Rectificación de ${invoice.number}: Gold, mensual`);
    expect((await get(invoice.id)).body.status).toBe("cancelled");
    const audit = await running.database.db
      .select()
      .from(auditOutbox)
      .where(eq(auditOutbox.action, "billing.invoice_rectified"));
    expect(audit).toEqual([expect.objectContaining({ entityId: invoice.id })]);

    const again = await rectifyBy(invoice.id, { reason: "Otra vez" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("Billing.AlreadyRectified");
    const ofRectifying = await rectifyBy(rectified.body.id, { reason: "No" });
    expect(ofRectifying.status).toBe(409);
    expect(ofRectifying.body.code).toBe("Billing.RectifyingNotRectifiable");
    expect(await running.database.db.select({ id: invoices.id }).from(invoices)).toHaveLength(2);
  });

  it("rectifies once when two requests race", async () => {
    await enrolled();
    const [latest] = (await list("series=F&status=open")).body.items as [Invoice];
    const replies = await Promise.all([rectifyBy(latest.id, { reason: "A" }), rectifyBy(latest.id, { reason: "B" })]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect((await list("series=R")).body.totalCount).toBe(2);
  });

  it("rectifies part of an invoice, every line in proportion, then what is left, and never more", async () => {
    await enrolled();
    const [latest] = (await list("series=F&status=open")).body.items as [Invoice];
    expect((await rectifyBy(latest.id, { reason: "Descuento", amount: "0.00" })).status).toBe(400);
    expect((await rectifyBy(latest.id, { reason: "Descuento", amount: "-1" })).status).toBe(400);
    const tooMuch = await rectifyBy(latest.id, { reason: "Descuento", amount: "49.91" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code).toBe("Billing.AmountExceedsInvoice");

    const partial = await rectifyBy(latest.id, { reason: "Descuento", amount: "10.00" });
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({ totalAmount: "-10.00", baseAmount: "-8.26", taxAmount: "-1.74" });
    expect((await get(latest.id)).body.status).toBe("open");
    expect((await rectifyBy(latest.id, { reason: "Descuento", amount: "39.91" })).body.code).toBe(
      "Billing.AmountExceedsInvoice",
    );

    const rest = await rectifyBy(latest.id, { reason: "Baja" });
    expect(rest.status).toBe(201);
    expect(rest.body.totalAmount).toBe("-39.90");
    expect((await get(latest.id)).body.status).toBe("cancelled");
    expect((await rectifyBy(latest.id, { reason: "Otra" })).body.code).toBe("Billing.AlreadyRectified");
  });

  it("verifies the whole chain", async () => {
    const verified = await call(verify, { path: "/api/invoices/verification", token });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ ok: true, count: 7 });
  });
});
