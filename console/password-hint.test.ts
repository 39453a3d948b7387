import { describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD_POLICY } from "@/lib/auth/password-policy";
import { passwordHint } from "./password-hint";

describe("passwordHint", () => {
  it("tells the default rule: length, not guessable, none of the names", () => {
    expect(passwordHint(DEFAULT_PASSWORD_POLICY)).toBe(
      "At least 12 characters, hard to guess: not a common password, keyboard pattern or lone word, and not your name, " +
        "username, email address or the club's name. A few unrelated words make a good one.",
    );
  });

  it("names the composition rules a policy switched on", () => {
    expect(
      passwordHint({ ...DEFAULT_PASSWORD_POLICY, minLength: 15, requireDigit: true, requireSymbol: true }),
    ).toMatch(/^At least 15 characters, with a digit and a symbol, hard to guess: /);
  });
});
