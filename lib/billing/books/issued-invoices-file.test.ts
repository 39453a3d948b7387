import { describe, expect, it } from "vitest";
import { readFirstSheet } from "@/tests/support/xlsx";
import type { IssuedInvoiceRow } from "./issued-invoices";
import { bookFileName, issuedInvoicesFile } from "./issued-invoices-file";

const row: IssuedInvoiceRow = {
  invoiceId: "00000000-0000-4000-8000-000000000001",
  number: "F2027-000001",
  issuedOn: "2027-01-31",
  period: "1T",
  type: "F1",
  customerTaxId: "12345678Z",
  customerName: '=HYPERLINK("http://example.com";"Pau; "el Gran"")',
  taxRate: "21.00",
  exemptReason: null,
  notSubjectReason: null,
  base: "1234.50",
  tax: "259.25",
  exemptBase: "0.00",
  notSubjectAmount: "0.00",
  total: "1493.75",
  rectifiesNumber: null,
  substitutesNumber: null,
};
const csvLines = async (rows: IssuedInvoiceRow[]) =>
  new TextDecoder().decode(await issuedInvoicesFile(rows, "csv")).split("\r\n");

describe("the libro registro's file", () => {
  it("names a whole month by the month, any other period by its two days", () => {
    expect(bookFileName({ from: "2027-02-01", to: "2027-02-28" }, "csv")).toBe("libro-registro-expedidas-2027-02.csv");
    expect(bookFileName({ from: "2028-02-01", to: "2028-02-29" }, "xlsx")).toBe(
      "libro-registro-expedidas-2028-02.xlsx",
    );
    expect(bookFileName({ from: "2027-02-01", to: "2027-02-27" }, "csv")).toBe(
      "libro-registro-expedidas-2027-02-01_2027-02-27.csv",
    );
    expect(bookFileName({ from: "2027-01-01", to: "2027-03-31" }, "csv")).toBe(
      "libro-registro-expedidas-2027-01-01_2027-03-31.csv",
    );
  });

  it("writes a name a spreadsheet would run as a formula as text, quoted where it holds `;` or quotes", async () => {
    const [, , line] = await csvLines([row]);
    expect(line?.split(";").slice(15, 16)).toEqual(["12345678Z"]);
    expect(line).toContain(`;12345678Z;"'=HYPERLINK(""http://example.com"";""Pau; ""el Gran"""")";01;S1;`);
    expect(line).toContain(";1493,75;1234,50;21,00;259,25;");
  });

  it("keeps the AEAT's column count on every line: two headers and the rows", async () => {
    const lines = await csvLines([
      row,
      { ...row, customerName: "Ona", taxRate: null, exemptReason: "Exento; art. 20" },
    ]);
    // The separators outside quotes, plus one.
    const fields = (line: string) => line.replace(/"([^"]|"")*"/g, "").split(";").length;
    expect(lines.slice(0, 4).map(fields)).toEqual([38, 38, 38, 38]);
    expect(lines[4]).toBe("");
  });

  it("writes the XLSX's text as text (a leading apostrophe is the CSV's device, not needed in a typed cell)", async () => {
    const sheet = readFirstSheet(await issuedInvoicesFile([row], "xlsx"));
    expect(sheet.value("Q3")).toBe(row.customerName);
    expect(sheet.type("Q3")).not.toBeUndefined();
    expect([sheet.value("V3"), sheet.format("V3")]).toEqual(["1234.5", "0.00"]);
  });
});
