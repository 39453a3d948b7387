import "@/tests/support/isolated-env";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuedInvoiceRows } from "@/lib/billing/books/issued-invoices";
import { vatReturn } from "@/lib/billing/books/vat-return";
import { localDate } from "@/lib/platform/calendar";
import { type Platform, stopPlatform } from "@/lib/platform/container";
import { invoiceLines, invoices, returnFees, verifactuRecords } from "@/lib/platform/db/schema";
import { call } from "@/tests/support/api";
import {
  addMandateOk,
  billingClub,
  CLUB_CREDITOR,
  CLUB_SETTINGS,
  CLUB_TAX_DATA,
  collectionDayIn,
  enrolInvoiced,
  notifyDebitsAt,
  SHORT_NOTICE,
} from "@/tests/support/billing";
import { xmllint } from "@/tests/support/xmllint";
import { PUT as updateSettings } from "../settings/route";
import { POST as importReturns } from "./[id]/returns/route";
import { POST as send } from "./[id]/send/route";
import { POST as build } from "./route";

/** The return fee (docs/billing.md, Returns and settlement): invoiced with the return, outside IVA, once per debit. */

type Fee = { invoiceNumber: string; feeInvoiceId: string; feeInvoiceNumber: string; amount: string };
type Report = { returned: unknown[]; alreadyReturned: string[]; unknown: string[]; returnFees: Fee[] };

const SCHEMA = path.resolve(import.meta.dirname, "../../../lib/billing/verifactu/xsd/SuministroInformacion.xsd");
const SETTINGS = { ...CLUB_SETTINGS, taxData: CLUB_TAX_DATA, ...CLUB_CREDITOR };
const DIRECT_DEBIT = SHORT_NOTICE;

let running: Platform;
let token: string;
let gold: string;
let sequence = 0;

const putSettings = (body: object) =>
  call<{ directDebit: { returnFee: string | null }; errors?: Record<string, string[]> }>(updateSettings, {
    path: "/api/settings",
    method: "PUT",
    token,
    body,
  });
const returnsTo = (id: string, body: object) =>
  call<Report>(importReturns, { path: `/api/remittances/${id}/returns`, method: "POST", params: { id }, token, body });

async function member(extra: { language?: "en" | "es"; taxId?: string } = {}) {
  sequence += 1;
  const debtor = { firstName: "Jana", lastName: `Vidal${sequence}`, email: `fee${sequence}@club.example`, ...extra };
  const enrolled = await enrolInvoiced(running.database.db, token, gold, debtor);
  await addMandateOk(token, enrolled.memberId);
  return enrolled;
}

/** A sent remittance of every open debit; answers its id. */
async function sentRemittance(days: number): Promise<string> {
  await notifyDebitsAt(running);
  const draft = await call<{ id: string }>(build, {
    path: "/api/remittances",
    token,
    body: { collectionDate: collectionDayIn(days) },
  });
  expect(draft.status).toBe(201);
  const sent = await call(send, {
    path: `/api/remittances/${draft.body.id}/send`,
    method: "POST",
    params: { id: draft.body.id },
    token,
  });
  expect(sent.status).toBe(200);
  return draft.body.id;
}

const camt054 = (returned: { number: string; reason: string }[]) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>DEV-9</MsgId><CreDtTm>2026-12-08T06:00:00</CreDtTm></GrpHdr>
    <Ntfctn><Id>DEV-9-1</Id><Acct><Id><IBAN>ES7921000813610123456789</IBAN></Id></Acct>
      <Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><NtryDtls>${returned
        .map(
          (debit) => `<TxDtls><Refs><EndToEndId>${debit.number}</EndToEndId></Refs>
          <AmtDtls><TxAmt><Amt Ccy="EUR">49.90</Amt></TxAmt></AmtDtls><RtrInf><Rsn><Cd>${debit.reason}</Cd></Rsn></RtrInf></TxDtls>`,
        )
        .join("")}</NtryDtls></Ntry>
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;

const feeRows = () => running.database.db.select().from(returnFees);

beforeAll(async () => {
  ({ running, token, gold } = await billingClub({ ...SETTINGS, directDebit: SHORT_NOTICE }));
});
afterAll(async () => {
  await stopPlatform();
});

describe("the return fee setting", () => {
  it("is none by default, refuses a negative amount, more than two decimals or 0.00, and a PUT without it keeps it", async () => {
    const initial = await putSettings({ ...SETTINGS, directDebit: DIRECT_DEBIT });
    expect(initial.status).toBe(200);
    expect(initial.body.directDebit.returnFee).toBeNull();
    for (const returnFee of ["-3.00", "3.005", "0.00", "tres"]) {
      const refused = await putSettings({ ...SETTINGS, directDebit: { ...DIRECT_DEBIT, returnFee } });
      expect(refused.status, returnFee).toBe(400);
      expect(Object.keys(refused.body.errors ?? {})).toEqual(["directDebit.returnFee"]);
    }
    const set = await putSettings({ ...SETTINGS, directDebit: { ...DIRECT_DEBIT, returnFee: "3" } });
    expect(set.body.directDebit.returnFee).toBe("3.00");
    const kept = await putSettings({ ...SETTINGS, directDebit: DIRECT_DEBIT });
    expect(kept.body.directDebit.returnFee).toBe("3.00");
  });
});

describe("a return with the fee set", () => {
  let remittanceId: string;
  let spanish: Awaited<ReturnType<typeof member>>;
  let english: Awaited<ReturnType<typeof member>>;
  let fees: Fee[];

  beforeAll(async () => {
    spanish = await member();
    english = await member({ language: "en", taxId: "12345678Z" });
    remittanceId = await sentRemittance(3);
  });

  it("invoices one fee per returned debit, in the member's language, outside IVA, due at the next collection", async () => {
    const file = camt054([
      { number: spanish.number, reason: "AM04" },
      { number: english.number, reason: "MD06" },
    ]);
    const reply = await returnsTo(remittanceId, { file });
    expect(reply.status).toBe(200);
    fees = reply.body.returnFees;
    expect(fees.map(({ invoiceNumber, amount }) => ({ invoiceNumber, amount }))).toEqual([
      { invoiceNumber: spanish.number, amount: "3.00" },
      { invoiceNumber: english.number, amount: "3.00" },
    ]);
    const today = localDate(new Date(), "Europe/Madrid");
    const issued = await running.database.db
      .select()
      .from(invoices)
      .where(
        inArray(
          invoices.id,
          fees.map((fee) => fee.feeInvoiceId),
        ),
      );
    expect(issued).toHaveLength(2);
    for (const invoice of issued) {
      expect(invoice).toMatchObject({
        kind: "invoice",
        status: "open",
        subscriptionId: null,
        baseCents: 300n,
        taxCents: 0n,
        totalCents: 300n,
        issuedOn: today,
        // A mandate member's invoice: due once its debit can be announced (the club's one day of notice).
        dueOn: collectionDayIn(1),
      });
    }
    const lineOf = async (id: string) =>
      (await running.database.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)))[0];
    expect(await lineOf(fees[0]!.feeInvoiceId)).toMatchObject({
      description: `Gastos de devolución del recibo ${spanish.number}`,
      baseCents: 300n,
      taxRateBasisPoints: 0,
      taxCents: 0n,
      totalCents: 300n,
      exemptReason: null,
      notSubjectReason: "indemnización, no contraprestación de un servicio (art. 78.Tres.1º Ley 37/1992)",
    });
    expect(await lineOf(fees[1]!.feeInvoiceId)).toMatchObject({
      description: `Return charge for the direct debit of invoice ${english.number}`,
      notSubjectReason: "an indemnity, not the price of a service (art. 78.Tres.1º Ley 37/1992)",
    });
    expect(await feeRows()).toHaveLength(2);
  });

  it("writes the VERI*FACTU record as not subject (N1), valid against the AEAT's schema", async () => {
    for (const [fee, type] of [
      [fees[0]!, "F2"],
      [fees[1]!, "F1"],
    ] as const) {
      const [record] = await running.database.db
        .select()
        .from(verifactuRecords)
        .where(eq(verifactuRecords.invoiceId, fee.feeInvoiceId));
      expect(await xmllint(record!.xml, SCHEMA)).toMatchObject({ valid: true });
      const parsed = new XMLParser({ removeNSPrefix: true, parseTagValue: false }).parse(record!.xml).RegistroAlta;
      expect(parsed.TipoFactura).toBe(type);
      expect(parsed.Desglose.DetalleDesglose).toEqual({
        Impuesto: "01",
        ClaveRegimen: "01",
        CalificacionOperacion: "N1",
        BaseImponibleOimporteNoSujeto: "3.00",
      });
      expect([parsed.CuotaTotal, parsed.ImporteTotal]).toEqual(["0.00", "3.00"]);
    }
  });

  it("shows the fee in the libro registro as N1 and leaves it out of the modelo 303", async () => {
    const today = localDate(new Date(), "Europe/Madrid");
    const rows = await issuedInvoiceRows({ db: running.database.db }, { from: today, to: today });
    const feeRow = rows.find((row) => row.number === fees[0]!.feeInvoiceNumber);
    expect(feeRow).toMatchObject({
      taxRate: null,
      exemptReason: null,
      notSubjectReason: expect.stringContaining("78.Tres"),
      base: "0.00",
      exemptBase: "0.00",
      notSubjectAmount: "3.00",
      tax: "0.00",
      total: "3.00",
    });
    const quarter = Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1;
    const figures = await vatReturn(
      { db: running.database.db, club: { currency: "EUR" } as never },
      { year: Number(today.slice(0, 4)), quarter },
    );
    // Four Gold enrolments at 49.90 (21 %) and nothing of the fees, as taxed, at 0 % or as exempt.
    expect(figures.exemptWithoutDeduction.base).toBe("0.00");
    expect(figures.generalRegime.find((row) => row.taxRate === "0.00")).toBeUndefined();
  });

  it("never invoices a fee twice: the same file again, and the database itself", async () => {
    const file = camt054([{ number: spanish.number, reason: "AM04" }]);
    const again = await returnsTo(remittanceId, { file });
    expect(again.body).toMatchObject({ returned: [], alreadyReturned: [spanish.number], returnFees: [] });
    expect(await feeRows()).toHaveLength(2);
    const [first] = await feeRows();
    await expect(
      running.database.db.insert(returnFees).values({
        remittanceId: first!.remittanceId,
        invoiceId: first!.invoiceId,
        feeInvoiceId: fees[1]!.feeInvoiceId,
      }),
    ).rejects.toThrow();
  });
});

describe("a return without the fee", () => {
  it("invoices nothing when the setting is null", async () => {
    const off = await putSettings({ ...SETTINGS, directDebit: { ...DIRECT_DEBIT, returnFee: null } });
    expect(off.body.directDebit.returnFee).toBeNull();
    const debtor = await member();
    const remittanceId = await sentRemittance(4);
    const before = (await running.database.db.select({ id: invoices.id }).from(invoices)).length;
    const reply = await returnsTo(remittanceId, { invoiceNumber: debtor.number, reasonCode: "AM04" });
    expect(reply.status).toBe(200);
    expect(reply.body.returnFees).toEqual([]);
    expect((await running.database.db.select({ id: invoices.id }).from(invoices)).length).toBe(before);
    expect(await feeRows()).toHaveLength(2);
  });
});
