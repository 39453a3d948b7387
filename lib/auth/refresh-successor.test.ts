import { describe, expect, it } from "vitest";
import { successorOf, withinReuseInterval } from "./refresh-successor";

const keys = { refreshSuccessor: new Uint8Array(32).fill(7) };
const rotatedAt = new Date("2026-01-01T10:00:00Z");
const secondsLater = (seconds: number) => new Date(rotatedAt.getTime() + seconds * 1000);

describe("successorOf", () => {
  it("derives the same successor from the same token, shaped like a random refresh token", () => {
    expect(successorOf(keys, "parent")).toBe(successorOf(keys, "parent"));
    expect(successorOf(keys, "parent")).toMatch(/^[\w-]{43}$/);
  });

  it("differs for another token or another key", () => {
    expect(successorOf(keys, "other")).not.toBe(successorOf(keys, "parent"));
    expect(successorOf({ refreshSuccessor: new Uint8Array(32) }, "parent")).not.toBe(successorOf(keys, "parent"));
  });
});

describe("withinReuseInterval", () => {
  it("admits a retry until the interval has passed, not at its end", () => {
    const config = { REFRESH_REUSE_INTERVAL_SECONDS: 30 };
    expect(withinReuseInterval(config, rotatedAt, secondsLater(0))).toBe(true);
    expect(withinReuseInterval(config, rotatedAt, secondsLater(29.9))).toBe(true);
    expect(withinReuseInterval(config, rotatedAt, secondsLater(30))).toBe(false);
  });

  it("admits none with 0, so every second use is reuse", () => {
    expect(withinReuseInterval({ REFRESH_REUSE_INTERVAL_SECONDS: 0 }, rotatedAt, rotatedAt)).toBe(false);
  });
});
