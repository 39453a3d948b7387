import { describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD_POLICY, passwordPolicyViolations } from "./password-policy";

describe("password policy", () => {
  it("accepts a password that meets every default rule", () => {
    expect(passwordPolicyViolations(DEFAULT_PASSWORD_POLICY, "Correct-Horse-9")).toEqual([]);
  });

  it("names every rule a weak password breaks", () => {
    expect(passwordPolicyViolations(DEFAULT_PASSWORD_POLICY, "short")).toEqual([
      "Use at least 12 characters.",
      "Include an uppercase letter.",
      "Include a digit.",
    ]);
  });

  it("enforces symbols only when the policy asks for them", () => {
    const strict = { ...DEFAULT_PASSWORD_POLICY, requireSymbol: true };
    expect(passwordPolicyViolations(strict, "CorrectHorse99")).toEqual(["Include a symbol."]);
    expect(passwordPolicyViolations(strict, "Correct Horse 99")).toEqual([]);
  });

  it("refuses passwords that contain the username or the email's local part", () => {
    const personal = { email: "ana.garcia@club.example", username: "anag" };
    expect(passwordPolicyViolations(DEFAULT_PASSWORD_POLICY, "MyAnaG-Secret-1", personal)).toEqual([
      "Do not include your username or email address.",
    ]);
    expect(passwordPolicyViolations(DEFAULT_PASSWORD_POLICY, "Ana.Garcia-2026x", personal)).toHaveLength(1);
  });

  it("caps the length so hashing cannot be abused", () => {
    expect(passwordPolicyViolations(DEFAULT_PASSWORD_POLICY, `Aa1${"x".repeat(200)}`)).toEqual(["Use at most 128 characters."]);
  });
});
