import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { xmllint } from "@/tests/support/xmllint";
import { buildDirectDebitFile } from "./pain008";
import type { Pain008Version, SepaDebit, SepaRemittance } from "./remittance";
import { validatePain008 } from "./validate";

const XSD = path.join(import.meta.dirname, "xsd", "pain.008.001.02.xsd");
const XSD_08 = path.join(import.meta.dirname, "xsd", "pain.008.001.08.xsd");
const validate = (xml: string) => xmllint(xml, XSD);
const validate08 = (xml: string) => xmllint(xml, XSD_08);

function debit(overrides: Partial<SepaDebit> = {}): SepaDebit {
  return {
    endToEndId: "F2026-000123",
    amountCents: 4990n,
    mandateReference: "CLUBOPS-000042-1",
    mandateSignedOn: "2026-01-15",
    sequence: "RCUR",
    debtorName: "Lucía Núñez Ibáñez",
    debtorIban: "ES91 2100 0418 4502 0005 1332",
    remittanceInformation: "Cuota diciembre 2026 - Plan Adulto",
    ...overrides,
  };
}

function remittance(debits: SepaDebit[]): SepaRemittance {
  return {
    messageId: "REM-2026-11-27-0001",
    createdAt: new Date("2026-11-27T09:30:12.345Z"),
    collectionDate: "2026-12-02",
    creditor: {
      name: "Club Deportivo Peñalara",
      identifier: "ES97000B12345678",
      iban: "ES7921000813610123456789",
      bic: "CAIXESBBXXX",
    },
    debits,
  };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => ["PmtInf", "DrctDbtTxInf", "AdrLine"].includes(name),
});
type MandateInformation = {
  MndtId: string;
  DtOfSgntr: string;
  AmdmntInd?: string;
  AmdmntInfDtls?: { OrgnlDbtrAcct: { Id: { IBAN?: string; Othr?: { Id: string } } } };
};
type Parsed = {
  Document: {
    CstmrDrctDbtInitn: {
      GrpHdr: { NbOfTxs: string; CtrlSum: string; CreDtTm: string };
      PmtInf: {
        PmtInfId: string;
        BtchBookg: string;
        NbOfTxs: string;
        CtrlSum: string;
        PmtTpInf: { SeqTp: string };
        CdtrAgt: { FinInstnId: Record<string, unknown> };
        DrctDbtTxInf: {
          DrctDbtTx: { MndtRltdInf: MandateInformation };
          InstdAmt: { "#text": string };
          Dbtr: { Nm: string; PstlAdr?: { Ctry: string; AdrLine: string[] } };
          RmtInf: { Ustrd: string };
          DbtrAgt: unknown;
        }[];
      }[];
    };
  };
};
const read = (xml: string) => (parser.parse(xml) as Parsed).Document.CstmrDrctDbtInitn;
const versioned = (version: Pain008Version, debits: SepaDebit[], batchBooking?: boolean) => ({
  ...remittance(debits),
  version,
  ...(batchBooking !== undefined && { batchBooking }),
});

describe("pain.008.001.02 bank file", () => {
  it("validates against the official schema with a first and a recurring collection, in one block each", async () => {
    const xml = buildDirectDebitFile(
      remittance([
        debit({ endToEndId: "F2026-000123", sequence: "FRST", debtorBic: "bbvaesmm" }),
        debit({ endToEndId: "F2026-000124", amountCents: 2500n }),
        debit({ endToEndId: "F2026-000125", amountCents: 1000n }),
      ]),
    );
    expect(await validate(xml)).toEqual({ valid: true, output: expect.stringContaining("validates") });
    const file = read(xml);
    expect(file.GrpHdr).toMatchObject({ NbOfTxs: "3", CtrlSum: "84.90", CreDtTm: "2026-11-27T09:30:12Z" });
    expect(file.PmtInf.map((block) => [block.PmtTpInf.SeqTp, block.NbOfTxs, block.CtrlSum, block.PmtInfId])).toEqual([
      ["FRST", "1", "49.90", "REM-2026-11-27-0001-FRST-20261202"],
      ["RCUR", "2", "35.00", "REM-2026-11-27-0001-RCUR-20261202"],
    ]);
    expect(file.PmtInf[0]?.DrctDbtTxInf[0]?.DbtrAgt).toEqual({ FinInstnId: { BIC: "BBVAESMM" } });
    expect(file.PmtInf[1]?.DrctDbtTxInf[0]?.DbtrAgt).toEqual({ FinInstnId: { Othr: { Id: "NOTPROVIDED" } } });
  });

  it("writes names and texts in the SEPA character set, within the schema's lengths", async () => {
    const xml = buildDirectDebitFile(
      remittance([
        debit({
          debtorName: `Núñez O'Brien, José Ñ. & Müller-Lüdenscheidt ${"ñ".repeat(80)}`,
          remittanceInformation: `Cuota «diciembre» € ${"á".repeat(200)}`,
        }),
      ]),
    );
    expect((await validate(xml)).valid).toBe(true);
    const [transaction] = read(xml).PmtInf[0]?.DrctDbtTxInf ?? [];
    expect(transaction?.Dbtr.Nm).toMatch(/^Nunez O'Brien, Jose N\. \+ Muller-Ludenscheidt n+$/);
    expect(transaction?.Dbtr.Nm).toHaveLength(70);
    expect(transaction?.RmtInf.Ustrd).toMatch(/^Cuota diciembre EUR a+$/);
    expect(transaction?.RmtInf.Ustrd).toHaveLength(140);
  });

  it("writes the debtor's address for an account outside the EEA (GB, CH…), and only there", async () => {
    const address = { line: "10 Downing Street", postalCode: "SW1A 2AA", city: "London", country: "GB" };
    const xml = buildDirectDebitFile(
      remittance([
        debit({ endToEndId: "F2026-000130", debtorIban: "GB33 BUKB 2020 1555 5555 55", debtorAddress: address }),
        debit({ endToEndId: "F2026-000131", debtorAddress: { ...address, country: "ES" } }),
      ]),
    );
    expect((await validate(xml)).valid).toBe(true);
    const [british, spanish] = read(xml).PmtInf[0]?.DrctDbtTxInf ?? [];
    expect(british?.Dbtr.PstlAdr).toEqual({ Ctry: "GB", AdrLine: ["10 Downing Street", "SW1A 2AA London"] });
    expect(spanish?.Dbtr.PstlAdr).toBeUndefined();
  });

  it("romanises a debtor named in Greek, Chinese or Cyrillic letters: never an empty <Nm>", async () => {
    const names = ["Γιώργος Παπαδόπουλος", "王小明", "Иван Петров"];
    const xml = buildDirectDebitFile(
      remittance(names.map((debtorName, index) => debit({ debtorName, endToEndId: `F2026-00012${index}` }))),
    );
    expect((await validate(xml)).valid).toBe(true);
    const transactions = read(xml).PmtInf[0]?.DrctDbtTxInf ?? [];
    expect(transactions.map((transaction) => transaction.Dbtr.Nm)).toEqual([
      "Giorgos Papadopoylos",
      "WangXiaoMing",
      "Ivan Petrov",
    ]);
  });

  it("sums amounts exactly from cents, from one cent to millions", async () => {
    const amounts = [1n, 123_456_789n, 10n, 99_999_999_999n];
    const xml = buildDirectDebitFile(
      remittance(amounts.map((amountCents, index) => debit({ endToEndId: `F2026-${index}`, amountCents }))),
    );
    expect((await validate(xml)).valid).toBe(true);
    const file = read(xml);
    expect(file.PmtInf[0]?.DrctDbtTxInf.map((transaction) => transaction.InstdAmt["#text"])).toEqual([
      "0.01",
      "1234567.89",
      "0.10",
      "999999999.99",
    ]);
    expect(file.GrpHdr.CtrlSum).toBe("1001234567.99");
    expect(file.PmtInf[0]?.CtrlSum).toBe("1001234567.99");
  });

  it("is refused by the schema when a field breaks it, so the validation can fail", async () => {
    const xml = buildDirectDebitFile(remittance([debit()])).replace(
      "<IBAN>ES9121000418450200051332</IBAN>",
      "<IBAN>ES91 2100 0418 4502 0005 1332</IBAN>",
    );
    const verdict = await validate(xml);
    expect(verdict.valid).toBe(false);
    expect(verdict.output).toContain("IBAN");
    // The server's own check before it serves a file (validate.ts) refuses it too, and passes the good one.
    const served = await validatePain008(xml);
    expect(served.valid).toBe(false);
    expect(served.valid ? [] : served.errors.join("\n")).toContain("IBAN");
    const good = buildDirectDebitFile(remittance([debit()]));
    expect(await validatePain008(good)).toEqual({ valid: true });
    // The same bytes again (a second download) take the verdict already reached, not another run of the validator.
    expect(validatePain008(good)).toBe(validatePain008(good));
  });

  it("refuses an empty remittance and amounts the scheme cannot carry", () => {
    expect(() => buildDirectDebitFile(remittance([]))).toThrow(RangeError);
    expect(() => buildDirectDebitFile(remittance([debit({ amountCents: 0n })]))).toThrow(RangeError);
    expect(() => buildDirectDebitFile(remittance([debit({ amountCents: 100_000_000_000n })]))).toThrow(RangeError);
  });
});

describe("pain.008.001.08 bank file", () => {
  const debits = () => [
    debit({ endToEndId: "F2026-000123", sequence: "FRST", debtorBic: "bbvaesmm" }),
    debit({ endToEndId: "F2026-000124", amountCents: 2500n }),
    debit({
      endToEndId: "F2026-000130",
      debtorIban: "GB33 BUKB 2020 1555 5555 55",
      debtorAddress: { line: "10 Downing Street", postalCode: "SW1A 2AA", city: "London", country: "GB" },
    }),
  ];

  it("validates against the official .08 schema, with BICFI for banks, and not against .02's", async () => {
    const xml = buildDirectDebitFile(versioned("pain.008.001.08", debits()));
    expect(await validate08(xml)).toEqual({ valid: true, output: expect.stringContaining("validates") });
    expect((await validate(xml)).valid).toBe(false);
    expect(xml).toContain('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.08">');
    expect(xml).toContain("<BICFI>BBVAESMM</BICFI>");
    expect(xml).not.toContain("<BIC>");
    const file = read(xml);
    expect(file.PmtInf[0]?.CdtrAgt.FinInstnId).toEqual({ BICFI: "CAIXESBBXXX" });
    // The date stays a plain ISODate and the address its country and lines, both valid in .08.
    expect(xml).toContain("<ReqdColltnDt>2026-12-02</ReqdColltnDt>");
    expect(file.PmtInf[1]?.DrctDbtTxInf[1]?.Dbtr.PstlAdr).toEqual({
      Ctry: "GB",
      AdrLine: ["10 Downing Street", "SW1A 2AA London"],
    });
    // The server's own check takes each version's schema.
    expect(await validatePain008(xml, "pain.008.001.08")).toEqual({ valid: true });
    expect((await validatePain008(xml, "pain.008.001.02")).valid).toBe(false);
  });

  it("writes the same debits as .02 does, but for the namespace and the BIC element", () => {
    const older = buildDirectDebitFile(versioned("pain.008.001.02", debits()));
    const newer = buildDirectDebitFile(versioned("pain.008.001.08", debits()));
    expect(newer.replaceAll("BICFI>", "BIC>").replace("pain.008.001.08", "pain.008.001.02")).toBe(older);
    // A remittance that names no version is written in .02, as before the setting.
    expect(buildDirectDebitFile(remittance(debits()))).toBe(older);
  });
});

describe("batch booking (BtchBookg)", () => {
  it.each(["pain.008.001.02", "pain.008.001.08"] as const)(
    "is written in every payment block of %s",
    async (version) => {
      for (const batchBooking of [true, false]) {
        const xml = buildDirectDebitFile(
          versioned(version, [debit({ sequence: "FRST" }), debit({ endToEndId: "F2026-000124" })], batchBooking),
        );
        const verdict = await (version === "pain.008.001.02" ? validate(xml) : validate08(xml));
        expect(verdict.valid).toBe(true);
        expect(read(xml).PmtInf.map((block) => block.BtchBookg)).toEqual([String(batchBooking), String(batchBooking)]);
      }
      // Absent from the remittance: true, the banks' own default.
      expect(read(buildDirectDebitFile(versioned(version, [debit()]))).PmtInf[0]?.BtchBookg).toBe("true");
    },
  );
});

describe("mandate amendments", () => {
  const amended = [
    // Same bank (CaixaBank 2100), another account: the original IBAN.
    debit({
      endToEndId: "F2026-000140",
      debtorIban: "ES79 2100 0813 6101 2345 6789",
      amendment: { originalIban: "ES9121000418450200051332" },
    }),
    // Another bank (Ibercaja 2085 to CaixaBank 2100): SMNDA, "same mandate with a new debtor account".
    debit({
      endToEndId: "F2026-000141",
      debtorIban: "ES91 2100 0418 4502 0005 1332",
      debtorBic: "CAIXESBBXXX",
      amendment: { originalIban: "ES6920850001610123456789", originalBic: "CAZRES2ZXXX" },
    }),
    debit({ endToEndId: "F2026-000142" }),
  ];

  it.each(["pain.008.001.02", "pain.008.001.08"] as const)(
    "%s: AmdmntInd and the original account on amended debits only",
    async (version) => {
      const xml = buildDirectDebitFile(versioned(version, amended));
      const verdict = await (version === "pain.008.001.02" ? validate(xml) : validate08(xml));
      expect(verdict).toEqual({ valid: true, output: expect.stringContaining("validates") });
      const [sameBank, otherBank, unchanged] = (read(xml).PmtInf[0]?.DrctDbtTxInf ?? []).map(
        (transaction) => transaction.DrctDbtTx.MndtRltdInf,
      );
      expect(sameBank).toEqual({
        MndtId: "CLUBOPS-000042-1",
        DtOfSgntr: "2026-01-15",
        AmdmntInd: "true",
        AmdmntInfDtls: { OrgnlDbtrAcct: { Id: { IBAN: "ES9121000418450200051332" } } },
      });
      expect(otherBank?.AmdmntInd).toBe("true");
      expect(otherBank?.AmdmntInfDtls).toEqual({ OrgnlDbtrAcct: { Id: { Othr: { Id: "SMNDA" } } } });
      expect(unchanged).toEqual({ MndtId: "CLUBOPS-000042-1", DtOfSgntr: "2026-01-15" });
      // The sequence is left alone: since the 2016 rulebook an amended account does not make a collection FRST.
      expect(read(xml).PmtInf.map((block) => block.PmtTpInf.SeqTp)).toEqual(["RCUR"]);
    },
  );
});
