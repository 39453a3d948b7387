import { describe, expect, it } from "vitest";
import { recipientLanguage } from "./recipient-language";

describe("recipientLanguage", () => {
  it("writes in the language the person chose", () => {
    expect(recipientLanguage({ preferred: "es", clubDefault: "en" })).toBe("es");
    expect(recipientLanguage({ preferred: "en", clubDefault: "es" })).toBe("en");
  });

  it("falls back to the club's default when they chose none, or one the emails are not written in", () => {
    for (const preferred of [null, undefined, "", "fr"])
      expect(recipientLanguage({ preferred, clubDefault: "es" })).toBe("es");
  });
});
