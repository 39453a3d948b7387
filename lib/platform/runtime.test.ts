import { describe, expect, it } from "vitest";
import { unsupportedNodeReason } from "./runtime";

describe("unsupportedNodeReason", () => {
  it.each(["24.0.0", "24.21.0", "26.1.0"])("accepts Node.js %s", (version) => {
    expect(unsupportedNodeReason(version)).toBeNull();
  });

  it.each(["20.20.2", "22.12.0", "18.0.0"])("refuses Node.js %s, naming the version and the way out", (version) => {
    expect(unsupportedNodeReason(version)).toMatch(
      new RegExp(`needs Node\\.js 24 or newer; this is Node\\.js ${version.replaceAll(".", "\\.")}.*npm start`),
    );
  });

  it("accepts the Node.js running the tests (the pinned one)", () => {
    expect(unsupportedNodeReason()).toBeNull();
  });
});
