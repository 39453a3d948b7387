import { describe, expect, it } from "vitest";
import { honoursIdempotencyKey, isValidIdempotencyKey } from "./key";

describe("honoursIdempotencyKey", () => {
  it("applies to a signed-in caller's changes", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"])
      expect(honoursIdempotencyKey(method, { access: "members:write" })).toBe(true);
  });

  it("ignores reads, anonymous endpoints and answers that hold credentials", () => {
    expect(honoursIdempotencyKey("GET", { access: "members:read" })).toBe(false);
    expect(honoursIdempotencyKey("POST", {})).toBe(false);
    expect(honoursIdempotencyKey("POST", { access: "authenticated", idempotencyKey: false })).toBe(false);
  });
});

describe("isValidIdempotencyKey", () => {
  it.each(["a", "5b0e7f7c-3c1e-4a55-9d0a-1f6f2f5c9a10", "x".repeat(255), "with space ~!"])("accepts %s", (key) => {
    expect(isValidIdempotencyKey(key)).toBe(true);
  });

  it.each(["", "x".repeat(256), "tab\there", "ñandú", "nul\u0000"])("refuses %j", (key) => {
    expect(isValidIdempotencyKey(key)).toBe(false);
  });
});
