import { describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD_POLICY, passwordPolicyViolations } from "./password-policy";

const check = (password: string, context = {}) => passwordPolicyViolations(DEFAULT_PASSWORD_POLICY, password, context);
const ana = {
  owner: { email: "ana.garcia@riverside.example", username: "anag", firstName: "Ana", lastName: "García López" },
  clubName: "Club Náutico Sevilla",
};

describe("password policy (NIST SP 800-63B)", () => {
  it.each([
    "Correct-Horse-9",
    "correct horse battery staple",
    "Rowing before dawn on a grey river",
    "xK9#mPq2vL8@nR4w",
  ])("accepts %s", async (password) => {
    expect(await check(password, ana)).toEqual([]);
  });

  it.each([
    ["Password1234", "This is similar to a commonly used password."],
    ["Qwertyuiop12", "This is similar to a commonly used password."],
    ["aaaaaaaaaaaaaaaa", 'Repeated characters like "aaa" are easy to guess.'],
    ["contraseña2024", "This password is too easy to guess."],
    // zxcvbn alone scored these 3 (issue 28): a capital dodging its repeat and sequence matchers, a word and a year.
    ["Aaaaaaaaaaa1", 'Repeated characters like "aaa" are easy to guess.'],
    ["Abcdefghijk1", 'Common character sequences like "abc" are easy to guess.'],
    ["Summer2026!!", "A single word with numbers or symbols added is easy to guess."],
    ["Verano2026!!", "A single word with numbers or symbols added is easy to guess."],
  ])("refuses the guessable %s, saying why", async (password, reason) => {
    const violations = await check(password);
    expect(violations[0]).toBe("This password is too easy to guess.");
    expect(violations).toContain(reason);
  });

  it("asks for the policy's length and caps it so hashing cannot be abused", async () => {
    expect(await check("Xk9#mPq2")).toContain("Use at least 12 characters.");
    expect(await check(`Xk9#mPq2vL8@nR4w${"x".repeat(200)}`)).toEqual(["Use at most 128 characters."]);
  });

  it("no longer asks for upper case, digits or symbols by default, and still does when the policy switches them on", async () => {
    expect(await check("lowercase letters only here")).toEqual([]);
    const strict = { ...DEFAULT_PASSWORD_POLICY, requireUppercase: true, requireDigit: true, requireSymbol: true };
    expect(await passwordPolicyViolations(strict, "lowercase letters only here")).toEqual([
      "Include an uppercase letter.",
      "Include a digit.",
    ]);
    expect(await passwordPolicyViolations(strict, "Lowercase letters 0nly here")).toEqual([]);
  });

  it.each([
    ["the username", "MyAnaG-Secret-Words"],
    ["the email's local part, written another way", "Ana_Garcia-rows-on-Sundays"],
    ["the first name", "ana-rows-on-sundays-7"],
    ["a surname, accents dropped", "lopez-rows-on-sundays-7"],
    ["a word of the email's domain", "Riverside-rows-on-sundays"],
  ])("refuses a password containing %s", async (_what, password) => {
    expect(await check(password, ana)).toEqual(["Do not include your name, username or email address."]);
  });

  it("refuses a password containing the club's name, or a word of it", async () => {
    expect(await check("club-nautico-rows-7", ana)).toEqual(["Do not include the club's name."]);
    expect(await check("Sevilla-rows-on-sundays", ana)).toEqual(["Do not include the club's name."]);
  });

  it("ignores short words of the names, which would forbid innocent passwords", async () => {
    expect(await check("Panama-rows-de-noche-7", { clubName: "Club de Remo" })).toEqual([]);
  });
});
