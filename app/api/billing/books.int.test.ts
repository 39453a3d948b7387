import "@/tests/support/isolated-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LineDraft } from "@/lib/billing/issue";
import { localDate } from "@/lib/platform/calendar";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { PEER_ADDRESS_HEADER } from "@/lib/platform/http/client-ip";
import { completeSetup, createAccount } from "@/tests/support/accounts";
import { call, randomIp } from "@/tests/support/api";
import {
  CLUB_SETTINGS,
  CLUB_TAX_DATA,
  enrolInvoiced,
  issueCrafted,
  madridTime,
  moneyRecorder,
  putSettingsOk,
} from "@/tests/support/billing";
import { resetDatabase } from "@/tests/support/reset-database";
import { readFirstSheet } from "@/tests/support/xlsx";
import { POST as rectify } from "../invoices/[id]/rectifications/route";
import { POST as createPlan } from "../plans/route";
import { GET as annualCustomersRoute } from "./books/annual-customers/route";
import { GET as issuedFileRoute } from "./books/issued-invoices/file/route";
import { GET as issuedRoute } from "./books/issued-invoices/route";
import { GET as paymentsRoute } from "./books/payments/route";
import { GET as vatReturnRoute } from "./books/vat-return/route";

const ZONE = "Europe/Madrid";
const EXEMPT = "Exento, art. 20.1.13º Ley 37/1992 del IVA";

let running: Platform;
let token: string;

const line = (totalCents: bigint, exemptReason: string | null = null): LineDraft => ({
  description: "Cuota",
  planId: null,
  serviceFrom: "2025-01-01",
  serviceTo: "2025-01-31",
  totalCents,
  taxRateBasisPoints: exemptReason ? 0 : 2100,
  exemptReason,
});

type Customer = { id: string; name: string; taxId: string | null };

/** Issues an invoice (or, with `rectifies`, a rectifying one) at an instant of our choosing. */
const issued = (issuedAt: Date, customer: Customer, lines: LineDraft[], rectifies: string | null = null) =>
  issueCrafted(running.database.db, {
    issuedAt,
    memberId: customer.id,
    customer: { name: customer.name, taxId: customer.taxId, email: "socio@club.example" },
    lines,
    rectifies,
    dueOn: localDate(issuedAt, ZONE),
  });

const { payOn, refundOn } = moneyRecorder(() => token);

type Body = Record<string, unknown> & { errors?: Record<string, string[]> };
const get = (handler: typeof issuedRoute, path: string, as = token) => call<Body>(handler, { path, token: as });

/** The raw answer of a file download. */
async function download(query: string) {
  const response = await issuedFileRoute(
    new Request(`http://localhost/api/billing/books/issued-invoices/file?${query}`, {
      headers: { authorization: `Bearer ${token}`, [PEER_ADDRESS_HEADER]: randomIp() },
    }),
    { params: Promise.resolve({}) },
  );
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const today = () => localDate(new Date(), ZONE);
const X: Customer = { id: "", name: "Xavier Vidal", taxId: "12345678Z" };
const Y: Customer = { id: "", name: "Yolanda Pons", taxId: null };
const Z: Customer = { id: "", name: "Zoe Martí", taxId: "87654321X" };
let ana: { invoiceId: string; number: string };
let pau: { invoiceId: string; number: string };
let A: string;
let B: string;

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
  await putSettingsOk(token, { ...CLUB_SETTINGS, taxData: CLUB_TAX_DATA });

  // Issued through the API today: a 21 % plan to a member with a NIF, an exempt plan to one without, a part credit.
  const plan = async (body: object) => {
    const reply = await call<{ id: string }>(createPlan, { path: "/api/plans", token, body });
    expect(reply.status).toBe(201);
    return reply.body.id;
  };
  const gold = await plan({ name: "Gold", code: "GOLD", monthlyPrice: "49.90" });
  const sport = await plan({ name: "Deporte", code: "SPORT", monthlyPrice: "30.00", exemptReason: EXEMPT });
  const db = running.database.db;
  ana = await enrolInvoiced(db, token, gold, {
    firstName: "Ana",
    lastName: "García",
    email: "ana@club.example",
    taxId: "00000000T",
  });
  pau = await enrolInvoiced(db, token, sport, { firstName: "Pau", lastName: "Soler", email: "pau@club.example" });
  const credited = await call(rectify, {
    path: `/api/invoices/${ana.invoiceId}/rectifications`,
    params: { id: ana.invoiceId },
    token,
    body: { reason: "Descuento", amount: "10.00" },
  });
  expect(credited.status).toBe(201);

  // Crafted in 2025 at instants of our choosing, for the quarter's edges, 303 and 347.
  X.id = (
    await enrolInvoiced(db, token, gold, { firstName: "Xavier", lastName: "Vidal", email: "x@club.example" })
  ).memberId;
  Y.id = (
    await enrolInvoiced(db, token, gold, { firstName: "Yolanda", lastName: "Pons", email: "y@club.example" })
  ).memberId;
  Z.id = (
    await enrolInvoiced(db, token, gold, { firstName: "Zoe", lastName: "Martí", email: "z@club.example" })
  ).memberId;
  A = await issued(madridTime("2025-03-31", "23:30"), X, [line(300000n)]); // 22:30 UTC: still Q1 in Madrid
  B = await issued(madridTime("2025-04-01", "00:30"), X, [line(12100n), line(5000n, EXEMPT)]); // 22:30 UTC on 31 March
  await issued(madridTime("2025-04-15", "10:00"), X, [line(-10000n)], A);
  await issued(madridTime("2025-05-10", "10:00"), Y, [line(400000n, EXEMPT)]);
  await issued(madridTime("2025-06-01", "10:00"), Z, [line(300506n)]); // exactly the threshold: not declared

  await payOn(A, { amount: "1000.00", method: "cash", paidOn: "2025-04-02" });
  await payOn(B, { amount: "171.00", method: "card", paidOn: "2025-04-02" });
  await refundOn(A, { amount: "50.00", method: "cash", paidOn: "2025-04-03" });
});
afterAll(() => stopPlatform());

describe("GET /api/billing/books/issued-invoices", () => {
  it("lists today's invoices per rate: a 21 % one with the NIF, an exempt simplified one, the rectification", async () => {
    const reply = await get(issuedRoute, `/api/billing/books/issued-invoices?from=${today()}&to=${today()}`);
    expect(reply.status).toBe(200);
    const rows = (reply.body.rows as { items: Record<string, unknown>[] }).items.filter(
      (row) => [ana.invoiceId, pau.invoiceId].includes(row.invoiceId as string) || row.rectifiesNumber === ana.number,
    );
    const common = { issuedOn: today(), period: `${Math.ceil(Number(today().slice(5, 7)) / 3)}T` };
    expect(rows).toEqual([
      {
        ...common,
        invoiceId: ana.invoiceId,
        number: ana.number,
        type: "F1",
        customerTaxId: "00000000T",
        customerName: "Ana García",
        taxRate: "21.00",
        exemptReason: null,
        notSubjectReason: null,
        base: "41.24",
        tax: "8.66",
        exemptBase: "0.00",
        notSubjectAmount: "0.00",
        total: "49.90",
        rectifiesNumber: null,
        substitutesNumber: null,
      },
      {
        ...common,
        invoiceId: pau.invoiceId,
        number: pau.number,
        type: "F2",
        customerTaxId: null,
        customerName: "Pau Soler",
        taxRate: null,
        exemptReason: EXEMPT,
        notSubjectReason: null,
        base: "0.00",
        tax: "0.00",
        exemptBase: "30.00",
        notSubjectAmount: "0.00",
        total: "30.00",
        rectifiesNumber: null,
        substitutesNumber: null,
      },
      {
        ...common,
        invoiceId: expect.any(String),
        number: `R${today().slice(0, 4)}-000001`,
        type: "R1",
        customerTaxId: "00000000T",
        customerName: "Ana García",
        taxRate: "21.00",
        exemptReason: null,
        notSubjectReason: null,
        base: "-8.26",
        tax: "-1.74",
        exemptBase: "0.00",
        notSubjectAmount: "0.00",
        total: "-10.00",
        rectifiesNumber: ana.number,
        substitutesNumber: null,
      },
    ]);
  });

  it("counts an invoice issued at 23:30 on 31 March in Madrid in March, and one at 00:30 on 1 April in April", async () => {
    const march = await get(issuedRoute, "/api/billing/books/issued-invoices?from=2025-03-01&to=2025-03-31");
    expect((march.body.rows as { items: unknown[] }).items).toEqual([
      expect.objectContaining({ invoiceId: A, issuedOn: "2025-03-31", period: "1T", base: "2479.34", tax: "520.66" }),
    ]);
    const april = await get(issuedRoute, "/api/billing/books/issued-invoices?from=2025-04-01&to=2025-04-30");
    expect(april.body.rows).toMatchObject({ totalCount: 3, pageNumber: 1, pageSize: 20, totalPages: 1 });
    expect(april.body.totals).toEqual({
      invoices: 2,
      byRate: [
        {
          taxRate: "21.00",
          notSubject: false,
          base: "17.36",
          tax: "3.64",
          exemptBase: "0.00",
          notSubjectAmount: "0.00",
          total: "21.00",
        },
        {
          taxRate: null,
          notSubject: false,
          base: "0.00",
          tax: "0.00",
          exemptBase: "50.00",
          notSubjectAmount: "0.00",
          total: "50.00",
        },
      ],
      base: "17.36",
      tax: "3.64",
      exemptBase: "50.00",
      notSubjectAmount: "0.00",
      total: "71.00",
    });
  });

  it("pages the rows, the totals staying those of the whole period", async () => {
    const path = "/api/billing/books/issued-invoices?from=2025-01-01&to=2025-06-30&pageSize=2";
    const first = await get(issuedRoute, path);
    const third = await get(issuedRoute, `${path}&pageNumber=3`);
    const numbers = (reply: typeof first) =>
      (reply.body.rows as { items: { number: string; taxRate: string | null }[] }).items.map(
        (row) => `${row.number} ${row.taxRate ?? "exempt"}`,
      );
    expect(numbers(first)).toEqual(["F2025-000001 21.00", "F2025-000002 21.00"]);
    expect(numbers(third)).toEqual(["F2025-000003 exempt", "F2025-000004 21.00"]);
    expect(third.body.rows).toMatchObject({ totalCount: 6, pageNumber: 3, pageSize: 2, totalPages: 3 });
    expect(third.body.totals).toMatchObject({ invoices: 5, total: "10076.06" });
    expect((await get(issuedRoute, `${path}&pageNumber=4`)).body.rows).toMatchObject({ items: [] });
    expect(numbers(await get(issuedRoute, `${path}&orderDirection=desc`))).toEqual([
      "F2025-000004 21.00",
      "F2025-000003 exempt",
    ]);
  });

  it("downloads the month as CSV for Spanish Excel: BOM, `;`, decimal comma, dd/mm/yyyy, the AEAT's columns", async () => {
    const { response, bytes } = await download("from=2025-04-01&to=2025-04-30&format=csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="libro-registro-expedidas-2025-04.csv"',
    );
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith("\uFEFFAutoliquidación;;Actividad;;;Tipo de Factura;")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[1]?.split(";").slice(0, 5)).toEqual([
      "Ejercicio",
      "Periodo",
      "Código",
      "Tipo",
      "Grupo o Epígrafe del IAE",
    ]);
    const [, , first, second, third, end] = lines;
    const empty = (count: number) => Array(count).fill("").join(";");
    expect(first).toBe(
      `2025;2T;;;;F1;;;01/04/2025;;F2025;000002;;;;12345678Z;Xavier Vidal;01;S1;;121,00;100,00;21,00;21,00;${empty(12)};;`,
    );
    expect(second).toBe(
      `2025;2T;;;;F1;;;01/04/2025;;F2025;000002;;;;12345678Z;Xavier Vidal;01;;E1;50,00;50,00;;;${empty(12)};;${EXEMPT}`,
    );
    expect(third).toBe(
      `2025;2T;;;;R1;;;15/04/2025;;R2025;000001;;;;12345678Z;Xavier Vidal;01;S1;;-100,00;-82,64;21,00;-17,36;${empty(12)};F2025-000001;`,
    );
    expect(end).toBe("");
  });

  it("downloads the month as XLSX: two header rows, amounts as numbers with two decimals, dates as dates", async () => {
    const { response, bytes } = await download("from=2025-04-01&to=2025-04-30&format=xlsx");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="libro-registro-expedidas-2025-04.xlsx"',
    );
    const sheet = readFirstSheet(bytes);
    expect([sheet.value("A1"), sheet.value("A2"), sheet.value("B2")]).toEqual([
      "Autoliquidación",
      "Ejercicio",
      "Periodo",
    ]);
    // Row 3: B's 21 % row. I: Fecha Expedición; U: Total Factura; V: Base; W: Tipo; X: Cuota.
    const serial = (Date.UTC(2025, 3, 1) - Date.UTC(1899, 11, 30)) / 86_400_000;
    expect([sheet.value("F3"), sheet.value("K3"), sheet.value("L3"), sheet.value("P3")]).toEqual([
      "F1",
      "F2025",
      "000002",
      "12345678Z",
    ]);
    expect(Number(sheet.value("I3"))).toBe(serial);
    expect(sheet.format("I3")).toBe("dd/mm/yyyy");
    expect(["U", "V", "W", "X"].map((column) => Number(sheet.value(`${column}3`)))).toEqual([121, 100, 21, 21]);
    expect(["U", "V", "W", "X"].map((column) => sheet.format(`${column}3`))).toEqual(["0.00", "0.00", "0.00", "0.00"]);
    expect([sheet.type("U3"), sheet.type("V5")]).toEqual([undefined, undefined]); // numeric cells
    expect([Number(sheet.value("U5")), Number(sheet.value("V5")), sheet.value("AK5")]).toEqual([
      -100,
      -82.64,
      "F2025-000001",
    ]);
  });

  it("names a period that is not one whole month by its two days", async () => {
    const { response } = await download("from=2025-04-01&to=2025-06-30");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="libro-registro-expedidas-2025-04-01_2025-06-30.csv"',
    );
  });
});

describe("GET /api/billing/books/vat-return", () => {
  /** The form's rows at 10 % and 4 %, shown with zeros when nothing was sold at them. */
  const NOTHING_AT_10_AND_4 = [
    { taxRate: "10.00", baseBox: "04", base: "0.00", taxBox: "06", tax: "0.00" },
    { taxRate: "4.00", baseBox: "01", base: "0.00", taxBox: "03", tax: "0.00" },
  ];

  it("gives Q1 the invoice issued at 23:30 on 31 March in Madrid", async () => {
    const reply = await get(vatReturnRoute, "/api/billing/books/vat-return?year=2025&quarter=1");
    expect(reply.body).toMatchObject({
      from: "2025-01-01",
      to: "2025-03-31",
      generalRegime: [
        { taxRate: "21.00", baseBox: "07", base: "2479.34", taxBox: "09", tax: "520.66" },
        ...NOTHING_AT_10_AND_4,
      ],
      totalAccrued: { box: "27", tax: "520.66" },
      invoices: 1,
      rectifyingInvoices: 0,
    });
  });

  it("puts rectifications in 14/15, exempt bases in 83 and adds the quotas up in 27", async () => {
    const reply = await get(vatReturnRoute, "/api/billing/books/vat-return?year=2025&quarter=2");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      year: 2025,
      quarter: 2,
      from: "2025-04-01",
      to: "2025-06-30",
      currency: "EUR",
      generalRegime: [
        { taxRate: "21.00", baseBox: "07", base: "2583.52", taxBox: "09", tax: "542.54" },
        ...NOTHING_AT_10_AND_4,
      ],
      modifications: { baseBox: "14", base: "-82.64", taxBox: "15", tax: "-17.36" },
      totalAccrued: { box: "27", tax: "525.18" },
      exemptWithoutDeduction: { box: "83", base: "4050.00" },
      invoices: 3,
      rectifyingInvoices: 1,
    });
  });
});

describe("GET /api/billing/books/annual-customers", () => {
  it("declares customers over 3,005.06 by NIF with their quarters, and lists apart those without a NIF", async () => {
    const reply = await get(annualCustomersRoute, "/api/billing/books/annual-customers?year=2025");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      year: 2025,
      currency: "EUR",
      threshold: "3005.06",
      customers: [
        {
          taxId: "12345678Z",
          name: "Xavier Vidal",
          total: "3071.00",
          q1: "3000.00",
          q2: "71.00",
          q3: "0.00",
          q4: "0.00",
        },
      ],
      withoutTaxId: [{ memberId: Y.id, name: "Yolanda Pons", total: "4000.00" }],
    });
  });
});

describe("GET /api/billing/books/payments", () => {
  it("sums payments and refunds per day and method, and lists each movement", async () => {
    const reply = await get(paymentsRoute, "/api/billing/books/payments?from=2025-04-01&to=2025-04-30");
    expect(reply.status).toBe(200);
    expect(reply.body.days).toEqual([
      { date: "2025-04-02", method: "card", movements: 1, payments: "171.00", refunds: "0.00", net: "171.00" },
      { date: "2025-04-02", method: "cash", movements: 1, payments: "1000.00", refunds: "0.00", net: "1000.00" },
      { date: "2025-04-03", method: "cash", movements: 1, payments: "0.00", refunds: "50.00", net: "-50.00" },
    ]);
    expect(reply.body.byMethod).toEqual([
      { method: "cash", payments: "1000.00", refunds: "50.00", net: "950.00" },
      { method: "card", payments: "171.00", refunds: "0.00", net: "171.00" },
      { method: "bank_transfer", payments: "0.00", refunds: "0.00", net: "0.00" },
      { method: "direct_debit", payments: "0.00", refunds: "0.00", net: "0.00" },
    ]);
    expect(reply.body.totals).toEqual({ payments: "1171.00", refunds: "50.00", net: "1121.00" });
    expect(
      (reply.body.movements as Record<string, unknown>[]).map((m) => [
        m.paidOn,
        m.kind,
        m.method,
        m.amount,
        m.invoiceNumber,
      ]),
    ).toEqual([
      ["2025-04-02", "payment", "cash", "1000.00", "F2025-000001"],
      ["2025-04-02", "payment", "card", "171.00", "F2025-000002"],
      ["2025-04-03", "refund", "cash", "50.00", "F2025-000001"],
    ]);
  });
});

describe("access and bad input", () => {
  const paths: [typeof issuedRoute, string][] = [
    [issuedRoute, "/api/billing/books/issued-invoices?from=2025-04-01&to=2025-04-30"],
    [issuedFileRoute, "/api/billing/books/issued-invoices/file?from=2025-04-01&to=2025-04-30"],
    [vatReturnRoute, "/api/billing/books/vat-return?year=2025&quarter=2"],
    [annualCustomersRoute, "/api/billing/books/annual-customers?year=2025"],
    [paymentsRoute, "/api/billing/books/payments?from=2025-04-01&to=2025-04-30"],
  ];

  it("answers 401 without a token and 403 without billing:read, for each endpoint", async () => {
    const member = await createAccount(token, ["User"]);
    for (const [handler, path] of paths) {
      expect((await call(handler, { path })).status, path).toBe(401);
      expect((await call(handler, { path, token: member.token })).status, path).toBe(403);
    }
  });

  it("answers 400 with errors for bad dates, a reversed or too long period, a bad quarter, year or format", async () => {
    const cases: [typeof issuedRoute, string, string[]][] = [
      [issuedRoute, "/api/billing/books/issued-invoices?from=2025-02-30&to=2025-03-01", ["from"]],
      [issuedRoute, "/api/billing/books/issued-invoices?to=2025-03-01", ["from"]],
      [issuedRoute, "/api/billing/books/issued-invoices?from=2025-01-01&to=2025-01-31&pageSize=101", ["pageSize"]],
      [paymentsRoute, "/api/billing/books/payments?from=2025-04-01&to=2025-03-01", ["to"]],
      [paymentsRoute, "/api/billing/books/payments?from=2025-01-01&to=2026-01-02", ["to"]],
      [issuedFileRoute, "/api/billing/books/issued-invoices/file?from=2025-01-01&to=2025-01-31&format=pdf", ["format"]],
      [vatReturnRoute, "/api/billing/books/vat-return?year=2025&quarter=5", ["quarter"]],
      [vatReturnRoute, "/api/billing/books/vat-return?quarter=1", ["year"]],
      [annualCustomersRoute, "/api/billing/books/annual-customers?year=twenty", ["year"]],
    ];
    for (const [handler, path, fields] of cases) {
      const reply = await get(handler, path);
      expect(reply.status, path).toBe(400);
      expect(Object.keys(reply.body.errors ?? {}), path).toEqual(fields);
    }
    // A leap year's 366 days are one period.
    expect((await get(paymentsRoute, "/api/billing/books/payments?from=2024-01-01&to=2024-12-31")).status).toBe(200);
  });
});
