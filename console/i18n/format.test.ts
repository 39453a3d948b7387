import { describe, expect, it } from "vitest";
import { clubFormat, parseMoneyInput } from "./format";

const madrid = { timeZone: "Europe/Madrid", currency: "EUR" };
const spanish = clubFormat({ language: "es", ...madrid });
const english = clubFormat({ language: "en", ...madrid });
// Intl separates some parts with narrow or non-breaking spaces; compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("clubFormat", () => {
  it("writes money in the reader's language from the API's decimal string, exactly", () => {
    expect(plain(spanish.money("1234.50"))).toBe("1234,50 €");
    expect(plain(spanish.money("12345.50"))).toBe("12.345,50 €");
    expect(english.money("59.90")).toBe("€59.90");
    expect(english.money("90071992547409.99")).toBe("€90,071,992,547,409.99");
    expect(english.money("59.90", "GBP")).toBe("£59.90");
  });

  it("writes an instant on the club's wall clock, across the change to winter time", () => {
    // 01:30 UTC on 25 Oct 2026 is 03:30 summer time; 01:30 UTC a day later is 02:30 winter time.
    expect(spanish.dateTime("2026-10-25T00:30:00Z")).toBe("25 oct 2026, 2:30");
    expect(spanish.time("2026-10-26T01:30:00Z")).toBe("2:30");
    expect(english.dateTime("2026-11-24T13:38:00Z")).toBe("24 Nov 2026, 14:38");
  });

  it("writes a calendar date as it is written, whatever the zone, and the club's day of an instant", () => {
    expect(spanish.calendarDate("2028-02-29")).toBe("29 feb 2028");
    expect(english.longDate("2026-11-26")).toBe("Thursday, 26 November 2026");
    expect(english.day("2026-11-23T23:30:00Z")).toBe("24 Nov 2026");
  });

  it("writes a month of the club's calendar, with its year or alone", () => {
    expect(spanish.month("2026-11")).toBe("nov 2026");
    expect(english.month("2026-01")).toBe("Jan 2026");
    expect(spanish.monthShort("2026-09")).toBe("sept");
    expect(english.monthShort("2026-12")).toBe("Dec");
  });

  it("writes counts, percentages and sizes in the reader's language", () => {
    expect(spanish.count(12345)).toBe("12.345");
    expect(english.count(12345)).toBe("12,345");
    expect(plain(spanish.percent(0.254))).toBe("25 %");
    expect(spanish.bytes(1536)).toBe("1,5 KB");
    expect(english.bytes(512)).toBe("512 B");
  });
});

describe("parseMoneyInput", () => {
  it.each([
    ["59,90", "59.90"],
    ["59.90", "59.90"],
    ["59,9", "59.9"],
    ["59", "59"],
    ["1.234,50", "1234.50"],
    ["1,234.50", "1234.50"],
    ["1.234", "1234"],
    ["1.234.567", "1234567"],
    [" 59,90 € ", "59.90"],
    ["€59.90", "59.90"],
    ["0,05", "0.05"],
    ["1234,5", "1234.5"],
  ])("reads %s as %s", (typed, amount) => {
    expect(parseMoneyInput(typed)).toBe(amount);
  });

  it.each(["", "abc", "59,9a", ",", "1,2,3.4.5", "1.23,45", "12,3456.7"])("refuses %j", (typed) => {
    expect(parseMoneyInput(typed)).toBeNull();
  });
});
