import { describe, expect, it } from "vitest";
import { rechazoPrevioOf } from "./corrections";

describe("what a corrected record says of the AEAT's earlier answers (RechazoPrevio)", () => {
  it.each([
    [["rejected"], "X"],
    [["rejected", "rejected"], "X"],
    [["accepted_with_errors"], "N"],
    [["accepted_with_errors", "rejected"], "S"],
    [["rejected", "accepted_with_errors"], "N"],
    [["rejected", "accepted", "rejected"], "S"],
  ] as const)("after %j: %s", (statuses, expected) => {
    expect(rechazoPrevioOf(statuses)).toBe(expected);
  });

  it.each([[[]], [["pending"]], [["accepted"]], [["rejected", "pending"]], [["rejected", "accepted"]]] as const)(
    "nothing to correct after %j",
    (statuses) => {
      expect(rechazoPrevioOf(statuses)).toBeNull();
    },
  );
});
