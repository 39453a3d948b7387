import { describe, expect, it } from "vitest";
import { sampleProps, TEMPLATE_NAMES, type TemplateName } from "./registry";
import { renderEmail } from "./render";

/** Values each sample must show in both bodies, as the reader sees them. */
const KEY_VALUES: Record<TemplateName, string[]> = {
  "correction-decided": [
    "Andrés Romero",
    "14 March 2025",
    "08:00",
    "16:30",
    "The front desk log shows you left at 15:00.",
    "Sunrise Tennis Club",
  ],
  welcome: ["Ana García", "Gold Monthly", "1 March 2025", "31 March 2025", "Sunrise Tennis Club"],
  "renewal-confirmation": ["Ana García", "Gold Quarterly", "30 June 2025", "€129.90", "Sunrise Tennis Club"],
  "renewal-reminder": ["Ana García", "Gold Monthly", "31 March 2025", "7 days", "Sunrise Tennis Club"],
  "password-reset": [
    "Ana",
    "https://clubops.example/reset-password?token=sample-token",
    "30 minutes",
    "Sunrise Tennis Club",
  ],
  "email-verification": ["Ana", "https://clubops.example/verify-email?token=sample-token", "Sunrise Tennis Club"],
  "email-change-confirmation": [
    "Ana",
    "https://clubops.example/confirm-email-change?token=sample-token",
    "24 hours",
    "Sunrise Tennis Club",
  ],
  "email-change-notice": [
    "Ana",
    "ana.garcia@example.com",
    "Nothing changes until the new address confirms it",
    "Sunrise Tennis Club",
  ],
  "account-exists": [
    "Ana",
    "https://clubops.example/login",
    "https://clubops.example/forgot-password",
    "Sunrise Tennis Club",
  ],
  "username-taken": ["Ana", "ana.garcia", "Sunrise Tennis Club"],
  "staff-invitation": [
    "Andrés",
    "María López",
    "https://clubops.example/accept-invitation?token=sample-token",
    "7 days",
    "Sunrise Tennis Club",
  ],
};

async function renderOrThrow(template: string, props: unknown) {
  const result = await renderEmail(template, props);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

describe("renderEmail", () => {
  it.each(TEMPLATE_NAMES)("renders %s from its sample props", async (template) => {
    const email = await renderOrThrow(template, sampleProps[template]);

    expect(email.subject.length).toBeGreaterThan(0);
    expect(email.html).toMatch(/^<!DOCTYPE html/);
    expect(email.html).toContain('lang="en"');
    for (const value of KEY_VALUES[template]) {
      expect(email.html.replaceAll("<!-- -->", "")).toContain(value.replaceAll("&", "&amp;"));
      // The plain-text conversion upper-cases headings and table labels.
      expect(email.text.toLowerCase()).toContain(value.toLowerCase());
    }
    expect(email.text).not.toContain("<");
  });

  it("builds subjects from the props", async () => {
    const reminder = (daysLeft: number) =>
      renderOrThrow("renewal-reminder", { ...sampleProps["renewal-reminder"], daysLeft });
    expect((await reminder(0)).subject).toBe("Your Gold Monthly membership ends today");
    expect((await reminder(1)).subject).toBe("Your Gold Monthly membership ends tomorrow");
    expect((await reminder(7)).subject).toBe("Your Gold Monthly membership ends in 7 days");
    expect((await renderOrThrow("welcome", sampleProps.welcome)).subject).toBe("Welcome to Sunrise Tennis Club");
  });

  it("escapes props instead of injecting markup", async () => {
    const email = await renderOrThrow("welcome", { ...sampleProps.welcome, memberName: "<script>alert(1)</script>" });
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;");
  });

  it("returns Email.InvalidProps naming each bad field", async () => {
    const result = await renderEmail("password-reset", {
      ...sampleProps["password-reset"],
      resetUrl: "javascript:alert(1)",
      expiresInMinutes: 0,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ code: "Email.InvalidProps", kind: "invalid" });
    expect(result.error.message).toContain("resetUrl");
    expect(result.error.message).toContain("expiresInMinutes");
  });

  it("returns Email.InvalidProps when props are not an object", async () => {
    const result = await renderEmail("welcome", null);
    expect(result).toMatchObject({ ok: false, error: { code: "Email.InvalidProps" } });
  });

  it("returns Email.UnknownTemplate for a name it does not know", async () => {
    for (const name of ["invoice", "toString", "__proto__"]) {
      expect(await renderEmail(name, {})).toMatchObject({
        ok: false,
        error: { code: "Email.UnknownTemplate", kind: "invalid" },
      });
    }
  });
});
