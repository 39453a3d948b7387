import { describe, expect, it } from "vitest";
import {
  formatIban,
  isSepaIban,
  isValidBicCode,
  isValidCreditorIdentifier,
  isValidMandateReference,
  maskIban,
  normaliseBic,
  normaliseIban,
  spanishCreditorIdentifier,
} from "./identifiers";
import { sepaText } from "./transliterate";

describe("IBAN", () => {
  it("accepts a valid Spanish IBAN in any spacing or case and stores it without spaces", () => {
    expect(isSepaIban("ES91 2100 0418 4502 0005 1332")).toBe(true);
    expect(isSepaIban("es9121000418450200051332")).toBe(true);
    expect(normaliseIban(" es91 2100 0418 4502 0005 1332 ")).toBe("ES9121000418450200051332");
    expect(formatIban("ES9121000418450200051332")).toBe("ES91 2100 0418 4502 0005 1332");
  });

  it("accepts IBANs of other SEPA countries, outside the EU too", () => {
    expect(isSepaIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(isSepaIban("GB29 NWBK 6016 1331 9268 19")).toBe(true);
    expect(isSepaIban("CH93 0076 2011 6238 5295 7")).toBe(true);
  });

  it("refuses a wrong checksum, a wrong length for the country and a country outside SEPA", () => {
    expect(isSepaIban("ES91 2100 0418 4502 0005 1333")).toBe(false);
    expect(isSepaIban("ES91 2100 0418 4502 0005 133")).toBe(false);
    expect(isSepaIban("BR15 0000 0000 0000 1093 2840 814P 2")).toBe(false);
    expect(isSepaIban("")).toBe(false);
  });

  it("is masked to its country, check digits and last four characters", () => {
    expect(maskIban("ES9121000418450200051332")).toBe("ES91 **** **** **** **** 1332");
  });
});

describe("BIC", () => {
  it("accepts 8 and 11 character codes in any case", () => {
    expect(isValidBicCode("CAIXESBBXXX")).toBe(true);
    expect(isValidBicCode("bbvaesmm")).toBe(true);
    expect(normaliseBic(" bbva esmm ")).toBe("BBVAESMM");
  });

  it("refuses other lengths and unknown countries", () => {
    expect(isValidBicCode("CAIXESBBX")).toBe(false);
    expect(isValidBicCode("CAIXQQBB")).toBe(false);
    expect(isValidBicCode("CAIX-ESBB")).toBe(false);
  });
});

describe("creditor identifier", () => {
  it("accepts the EPC's German example and Spanish identifiers", () => {
    expect(isValidCreditorIdentifier("DE98ZZZ09999999999")).toBe(true);
    expect(isValidCreditorIdentifier("ES97000B12345678")).toBe(true);
    expect(isValidCreditorIdentifier("es 97 000 b12345678")).toBe(true);
  });

  it("is computed from a NIF, the business code left out of the check digits", () => {
    expect(spanishCreditorIdentifier("B12345678")).toBe("ES97000B12345678");
    expect(spanishCreditorIdentifier("b12345678", "ZZZ")).toBe("ES97ZZZB12345678");
    expect(spanishCreditorIdentifier("G28029007")).toMatch(/^ES\d{2}000G28029007$/);
    expect(isValidCreditorIdentifier(spanishCreditorIdentifier("G28029007"))).toBe(true);
  });

  it("refuses wrong check digits and a Spanish national part that is not a NIF", () => {
    expect(isValidCreditorIdentifier("ES98000B12345678")).toBe(false);
    expect(isValidCreditorIdentifier("DE97ZZZ09999999999")).toBe(false);
    expect(isValidCreditorIdentifier(spanishCreditorIdentifier("B1234567"))).toBe(false);
    expect(isValidCreditorIdentifier("ES97B12345678")).toBe(false);
  });
});

describe("mandate reference", () => {
  it("takes up to 35 characters of the SEPA set", () => {
    expect(isValidMandateReference("CLUBOPS-000042-1")).toBe(true);
    expect(isValidMandateReference("A".repeat(35))).toBe(true);
    expect(isValidMandateReference("A/B:(1).2,3'+?")).toBe(true);
  });

  it("refuses empty, long, accented, spaced and slash-edged references", () => {
    for (const reference of ["", "A".repeat(36), "NÚÑEZ-1", "MANDATO 1", "/M1", "M1/", "M//1", "M&1"]) {
      expect(isValidMandateReference(reference), reference).toBe(false);
    }
  });
});

describe("SEPA text", () => {
  it("transliterates Spanish and other European letters, and symbols into their SEPA equivalents", () => {
    expect(sepaText("Núñez", 70)).toBe("Nunez");
    expect(sepaText("Çà Straße, Ærø & Łódź", 70)).toBe("Ca Strasse, Aero + Lodz");
    expect(sepaText("«Madrid» 20 €", 70)).toBe("Madrid 20 EUR");
  });

  it("romanises names in other scripts, which used to come out empty (and a bank refuses the whole file)", () => {
    expect(sepaText("Γιώργος Παπαδόπουλος", 70)).toBe("Giorgos Papadopoylos");
    expect(sepaText("王小明", 70)).toBe("WangXiaoMing");
    expect(sepaText("Иван Петров", 70)).toBe("Ivan Petrov");
    expect(sepaText("محمد علي", 70)).toBe("mhmd 'ly");
    expect(sepaText("東京", 70)).toBe("DongJing");
  });

  it("collapses spaces and cuts at the length without a trailing space", () => {
    expect(sepaText("  a \n\t b  ", 70)).toBe("a b");
    expect(sepaText("abc def", 4)).toBe("abc");
  });
});
