import { describe, expect, it } from "vitest";
import { moneyField } from "./money";

describe("moneyField", () => {
  it.each([
    ["29.9", "29.90"],
    ["0030", "30.00"],
    [19.99, "19.99"],
    [0.1, "0.10"],
    [1000000, "1000000.00"],
  ])("reads %j as %s", (input, expected) => {
    expect(moneyField.parse(input)).toBe(expected);
  });

  it.each([["-1"], ["1.999"], ["12,50"], [""], [Number.NaN], [1e21], ["1e3"]])("rejects %j", (input) => {
    expect(moneyField.safeParse(input).success).toBe(false);
  });
});
