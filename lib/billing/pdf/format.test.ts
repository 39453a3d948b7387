import { describe, expect, it } from "vitest";
import { invoiceFormat } from "./format";
import { toWinAnsi } from "./win-ansi";

const es = invoiceFormat({ language: "es", currency: "EUR" });
const en = invoiceFormat({ language: "en", currency: "EUR" });

describe("invoice formats", () => {
  it("writes cents exactly in each language's format, grouping thousands from four digits", () => {
    expect(es.money(123_450)).toBe("1.234,50\u00a0€");
    expect(es.money(123_456_789)).toBe("1.234.567,89\u00a0€");
    expect(es.money(5)).toBe("0,05\u00a0€");
    expect(es.money(-4_990)).toBe("-49,90\u00a0€");
    expect(en.money(123_450)).toBe("€1,234.50");
    expect(en.money(-4_990)).toBe("-€49.90");
    // The largest cents a document can carry, to the cent: formatted from the decimal string, not a float of euros.
    expect(es.money(Number.MAX_SAFE_INTEGER)).toBe("90.071.992.547.409,91\u00a0€");
  });

  it("writes calendar dates day first in both languages, whatever the process's time zone", () => {
    expect(es.date("2026-11-27")).toBe("27/11/2026");
    expect(en.date("2026-03-29")).toBe("29/03/2026");
    expect(es.date("2028-02-29")).toBe("29/02/2028");
  });

  it("writes IVA rates as percentages, decimals included", () => {
    expect(es.rate(2100)).toBe("21\u00a0%");
    expect(es.rate(1050)).toBe("10,5\u00a0%");
    expect(en.rate(400)).toBe("4%");
    expect(es.rate(0)).toBe("0\u00a0%");
  });

  it("writes an address as on an envelope, the province only when it differs from the city", () => {
    const address = { line: "Calle Mayor 1", postalCode: "28013", city: "Madrid", province: "Madrid", country: "ES" };
    expect(es.address(address)).toEqual(["Calle Mayor 1", "28013 Madrid", "España"]);
    expect(en.address({ ...address, city: "Getafe", country: "PT" })).toEqual([
      "Calle Mayor 1",
      "28013 Getafe",
      "Madrid",
      "Portugal",
    ]);
  });
});

describe("toWinAnsi", () => {
  it("keeps what the standard fonts write and drops only the accents they lack", () => {
    expect(toWinAnsi("Núñez Peña, 3º B · l·l € – “ok”")).toBe("Núñez Peña, 3º B · l·l € – “ok”");
    expect(toWinAnsi("Dvořák Łukasz")).toBe("Dvorák ?ukasz");
    expect(toWinAnsi("1\u202f234")).toBe("1\u00a0234");
  });
});
