import { describe, expect, it } from "vitest";
import { parseRange } from "./range";

describe("parseRange", () => {
  it.each([
    [null, { kind: "whole" }],
    ["items=0-5", { kind: "whole" }],
    ["bytes=0-1,5-6", { kind: "whole" }],
    ["bytes=0-99", { kind: "partial", start: 0, end: 99 }],
    ["bytes=100-199", { kind: "partial", start: 100, end: 199 }],
    ["bytes=900-", { kind: "partial", start: 900, end: 999 }],
    ["bytes=900-5000", { kind: "partial", start: 900, end: 999 }],
    ["bytes=-100", { kind: "partial", start: 900, end: 999 }],
    ["bytes=-5000", { kind: "partial", start: 0, end: 999 }],
    ["bytes=999-999", { kind: "partial", start: 999, end: 999 }],
    ["bytes=1000-", { kind: "unsatisfiable" }],
    ["bytes=200-100", { kind: "unsatisfiable" }],
    ["bytes=-0", { kind: "unsatisfiable" }],
    ["bytes=-", { kind: "unsatisfiable" }],
    ["bytes=abc", { kind: "unsatisfiable" }],
  ])("%j of 1000 bytes → %j", (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it("finds nothing to serve in an empty file", () => {
    expect(parseRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-1", 0)).toEqual({ kind: "unsatisfiable" });
  });
});
