import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact";
import { sampleProps, TEMPLATE_NAMES, templates } from "./registry";
import { renderEmail } from "./render";

describe("redactUrl", () => {
  it("keeps where a link leads and replaces every query value and the fragment", () => {
    expect(redactUrl("https://club.example/reset-password?token=abc123&lang=en#t=xyz")).toBe(
      "https://club.example/reset-password?token=redacted&lang=redacted#redacted",
    );
    expect(redactUrl("https://user:secret@club.example/verify?token=a&token=b")).toBe(
      "https://club.example/verify?token=redacted",
    );
  });

  it("replaces what is not an http(s) URL with a placeholder", () => {
    for (const value of ["javascript:alert(1)", "not a url", 42, null])
      expect(redactUrl(value)).toBe("https://redacted.invalid/");
  });
});

describe("template redaction", () => {
  it("marks the templates whose links carry a token", () => {
    expect(TEMPLATE_NAMES.filter((name) => templates[name].hasSecrets)).toEqual([
      "password-reset",
      "email-verification",
      "email-change-confirmation",
      "staff-invitation",
    ]);
  });

  it.each(TEMPLATE_NAMES)("renders %s redacted without its token and with everything else", async (name) => {
    const redacted = templates[name].redact(sampleProps[name]);
    const rendered = await renderEmail(name, redacted);

    expect(rendered.ok).toBe(true);
    if (!rendered.ok) return;
    expect(rendered.value.html).not.toContain("sample-token");
    expect(rendered.value.text).not.toContain("sample-token");
    expect(rendered.value.html.replaceAll("<!-- -->", "")).toContain("Sunrise Tennis Club");
    if (!templates[name].hasSecrets) expect(redacted).toEqual(sampleProps[name]);
  });

  it("names and describes every template for staff, in each language", () => {
    for (const name of TEMPLATE_NAMES) {
      expect(templates[name].describe("en").description).toMatch(/^Sent /);
      expect(templates[name].describe("es").description).toMatch(/^Se envía /);
    }
    expect(templates.welcome.describe("en").title).toBe("Welcome");
    expect(templates["password-reset"].describe("es").title).toBe("Restablecer contraseña");
  });
});
