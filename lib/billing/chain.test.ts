import { describe, expect, it } from "vitest";
import { canonicalJson } from "./chain";

describe("canonical JSON", () => {
  it("sorts keys at every depth and writes no whitespace, as RFC 8785 does", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: null, y: 'é\\n"' }], c: true } })).toBe(
      '{"a":{"c":true,"d":[3,{"y":"é\\\\n\\"","z":null}]},"b":1}',
    );
  });

  it("writes the same text whatever order the keys were given in", () => {
    expect(canonicalJson({ x: 1, y: { p: "1", q: null } })).toBe(canonicalJson({ y: { q: null, p: "1" }, x: 1 }));
  });
});
