import { describe, expect, it } from "vitest";
import { compactSpanishTaxId, spanishTaxIdField } from "./tax-id";

describe("Spanish tax ids", () => {
  it.each([
    ["12345678Z", "12345678Z"], // DNI
    ["00000000T", "00000000T"],
    ["12.345.678-z", "12345678Z"], // written with dots and a dash, lower case
    ["X1234567L", "X1234567L"], // NIE
    ["Y0000000Z", "Y0000000Z"],
    ["Z1234567R", "Z1234567R"],
    ["B58378431", "B58378431"], // CIF, a company (check digit)
    ["b-58378431", "B58378431"],
    ["Q2826000H", "Q2826000H"], // CIF, a public body (check letter)
    ["G28029643", "G28029643"], // an association
    ["K0867756N", "K0867756N"], // NIF K
  ])("accepts %s as %s", (input, compact) => {
    expect(compactSpanishTaxId(input)).toBe(compact);
  });

  it.each([
    "12345678A", // wrong DNI letter
    "X1234567A", // wrong NIE letter
    "B58378432", // wrong CIF check digit
    "Q2826000A", // wrong CIF check letter
    "1234567Z", // too short
    "ABCDEFGHI",
    "",
  ])("refuses %s", (input) => {
    expect(compactSpanishTaxId(input)).toBeNull();
  });

  it("answers a request's field compact, or an error naming what to write", () => {
    expect(spanishTaxIdField.parse(" 12345678-z ")).toBe("12345678Z");
    const refused = spanishTaxIdField.safeParse("12345678A");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/valid Spanish NIF/);
  });
});
