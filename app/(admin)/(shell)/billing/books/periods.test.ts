import { describe, expect, it } from "vitest";
import { presetPeriod, quarterOf } from "./periods";

describe("the books' period presets", () => {
  it("computes months, quarters and years from today, across a year's turn", () => {
    expect(presetPeriod("thisMonth", "2028-02-14")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(presetPeriod("lastMonth", "2027-01-10")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(presetPeriod("thisQuarter", "2027-05-31")).toEqual({ from: "2027-04-01", to: "2027-06-30" });
    expect(presetPeriod("thisYear", "2027-05-31")).toEqual({ from: "2027-01-01", to: "2027-12-31" });
    expect(presetPeriod("lastYear", "2027-05-31")).toEqual({ from: "2026-01-01", to: "2026-12-31" });
  });

  it("shows the 303 of the period's first quarter", () => {
    expect(quarterOf({ from: "2027-03-31", to: "2027-04-30" })).toEqual({ year: 2027, quarter: 1 });
    expect(quarterOf({ from: "2027-10-01", to: "2027-12-31" })).toEqual({ year: 2027, quarter: 4 });
  });
});
