import { describe, expect, it } from "vitest";
import { EMAIL_LANGUAGES, type EmailLanguage } from "./i18n";
import { sampleProps, TEMPLATE_NAMES, type TemplateName, templates } from "./registry";
import { renderEmail } from "./render";

/** Values each sample must show in both bodies, as the reader sees them, in each language. */
const KEY_VALUES: Record<EmailLanguage, Record<TemplateName, string[]>> = {
  en: {
    welcome: ["Ana García", "Gold Monthly", "1 March 2025", "31 March 2025", "Sunrise Tennis Club"],
    "renewal-confirmation": ["Ana García", "Gold Quarterly", "30 June 2025", "€129.90", "Sunrise Tennis Club"],
    "renewal-reminder": ["Ana García", "Gold Monthly", "31 March 2025", "in 7 days", "Sunrise Tennis Club"],
    "renewal-notice": ["Ana García", "Gold Monthly", "31 March 2025", "€49.90", "reply to this email"],
    "payment-receipt": ["Ana García", "F2025-000123", "€20.00", "Cash", "12 March 2025", "Recibo 12", "€29.90"],
    "password-reset": ["Ana", "https://clubops.example/reset-password?token=sample-token", "30 minutes"],
    "email-verification": [
      "https://clubops.example/verify-email?token=sample-token",
      "Sunrise Tennis Club",
      "Someone, we hope you",
    ],
    "email-change-confirmation": ["Ana", "https://clubops.example/confirm-email-change?token=sample-token", "24 hours"],
    "email-change-notice": ["Ana", "ana.garcia@example.com", "Nothing changes until the new address confirms it"],
    "account-exists": ["Ana", "https://clubops.example/login", "https://clubops.example/forgot-password"],
    "username-taken": ["Sunrise Tennis Club", "the username chosen is already taken"],
    "correction-decided": ["Andrés Romero", "14 March 2025", "08:00", "16:30", "you left at 15:00"],
    "staff-invitation": [
      "Andrés",
      "María López",
      "https://clubops.example/accept-invitation?token=sample-token",
      "7 days",
    ],
    "invoice-issued": [
      "Ana García",
      "F2026-000123",
      "€49.90",
      "27 November 2026",
      "1 December 2026 to 31 December 2026",
      "7 December 2026",
      "F2026-000123.pdf",
    ],
    "payment-reminder": [
      "Ana García",
      "F2026-000123",
      "€49.90",
      "7 December 2026",
      "ES7921000813610123456789",
      "23 December 2026",
    ],
    "debit-notice": [
      "Ana García",
      "7 December 2026",
      "F2026-000123",
      "€49.90",
      "F2026-000131",
      "€61.90",
      "MNDT-00000042",
      "ES97000B12345678",
      "ES91 **** **** **** **** 1332",
    ],
  },
  es: {
    welcome: ["Ana García", "Oro mensual", "1 de marzo de 2025", "31 de marzo de 2025", "Sunrise Tennis Club"],
    "renewal-confirmation": [
      "Ana García",
      "Oro trimestral",
      "30 de junio de 2025",
      "129,90\u00a0€",
      "Sunrise Tennis Club",
    ],
    "renewal-reminder": ["Ana García", "Oro mensual", "31 de marzo de 2025", "dentro de 7 días"],
    "renewal-notice": ["Ana García", "Oro mensual", "31 de marzo de 2025", "49,90", "responda a este correo"],
    "payment-receipt": ["Ana García", "F2025-000123", "20,00", "Efectivo", "12 de marzo de 2025", "29,90"],
    "password-reset": ["Ana", "https://clubops.example/reset-password?token=sample-token", "30 minutos"],
    "email-verification": [
      "https://clubops.example/verify-email?token=sample-token",
      "Confirme",
      "esperamos que usted",
    ],
    "email-change-confirmation": ["Ana", "https://clubops.example/confirm-email-change?token=sample-token", "24 horas"],
    "email-change-notice": ["Ana", "ana.garcia@example.com", "No cambiará nada hasta que la nueva dirección"],
    "account-exists": [
      "Ana",
      "https://clubops.example/login",
      "https://clubops.example/forgot-password",
      "Elija una nueva",
    ],
    "username-taken": ["Sunrise Tennis Club", "ya está en uso"],
    "correction-decided": ["Andrés Romero", "14 de marzo de 2025", "08:00", "16:30", "saliste a las 15:00"],
    "staff-invitation": [
      "Andrés",
      "María López",
      "https://clubops.example/accept-invitation?token=sample-token",
      "7 días",
    ],
    "invoice-issued": [
      "Ana García",
      "F2026-000123",
      "49,90\u00a0€",
      "27 de noviembre de 2026",
      "del 1 de diciembre de 2026 al 31 de diciembre de 2026",
      "7 de diciembre de 2026",
      "F2026-000123.pdf",
    ],
    "payment-reminder": [
      "Ana García",
      "F2026-000123",
      "49,90\u00a0€",
      "7 de diciembre de 2026",
      "ES7921000813610123456789",
      "23 de diciembre de 2026",
    ],
    "debit-notice": [
      "Ana García",
      "7 de diciembre de 2026",
      "F2026-000123",
      "49,90\u00a0€",
      "61,90\u00a0€",
      "MNDT-00000042",
      "ES97000B12345678",
      "ES91 **** **** **** **** 1332",
    ],
  },
};

/** The subject of each sample, in each language. */
const SUBJECTS: Record<EmailLanguage, Record<TemplateName, string>> = {
  en: {
    welcome: "Welcome to Sunrise Tennis Club",
    "renewal-confirmation": "Your Gold Quarterly membership has been renewed",
    "renewal-reminder": "Your Gold Monthly membership ends in 7 days",
    "renewal-notice": "Your Gold Monthly membership renews soon",
    "payment-receipt": "Receipt for your payment of invoice F2025-000123",
    "password-reset": "Reset your Sunrise Tennis Club password",
    "email-verification": "Confirm your email address for Sunrise Tennis Club",
    "email-change-confirmation": "Confirm your new email address for Sunrise Tennis Club",
    "email-change-notice": "An email change was requested for your Sunrise Tennis Club account",
    "account-exists": "You already have a Sunrise Tennis Club account",
    "username-taken": "Your Sunrise Tennis Club sign-up needs another username",
    "correction-decided": "Your attendance correction for 14 March 2025 was not approved",
    "staff-invitation": "You're invited to the Sunrise Tennis Club staff console",
    "invoice-issued": "Your invoice F2026-000123 from Sunrise Tennis Club",
    "payment-reminder": "Last reminder: invoice F2026-000123 from Sunrise Tennis Club is unpaid",
    "debit-notice": "Sunrise Tennis Club will collect your direct debit on 7 December 2026",
  },
  es: {
    welcome: "Le damos la bienvenida a Sunrise Tennis Club",
    "renewal-confirmation": "Su plan Oro trimestral se ha renovado",
    "renewal-reminder": "Su plan Oro mensual termina dentro de 7 días",
    "renewal-notice": "Su plan Oro mensual se renueva pronto",
    "payment-receipt": "Recibo de su pago de la factura F2025-000123",
    "password-reset": "Restablezca su contraseña de Sunrise Tennis Club",
    "email-verification": "Confirme su dirección de correo en Sunrise Tennis Club",
    "email-change-confirmation": "Confirme su nueva dirección de correo en Sunrise Tennis Club",
    "email-change-notice": "Se ha solicitado cambiar el correo de su cuenta de Sunrise Tennis Club",
    "account-exists": "Ya tiene una cuenta en Sunrise Tennis Club",
    "username-taken": "Su registro en Sunrise Tennis Club necesita otro nombre de usuario",
    "correction-decided": "No se ha aprobado tu corrección de asistencia del 14 de marzo de 2025",
    "staff-invitation": "Te invitamos a la consola del personal de Sunrise Tennis Club",
    "invoice-issued": "Su factura F2026-000123 de Sunrise Tennis Club",
    "payment-reminder": "Último aviso: su factura F2026-000123 de Sunrise Tennis Club está pendiente de pago",
    "debit-notice": "Sunrise Tennis Club cargará su recibo domiciliado el 7 de diciembre de 2026",
  },
};

async function renderOrThrow(template: string, props: unknown) {
  const result = await renderEmail(template, props);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

const cases = EMAIL_LANGUAGES.flatMap((language) => TEMPLATE_NAMES.map((name) => [name, language] as const));

describe("renderEmail", () => {
  it.each(cases)("renders %s in %s from its sample props", async (template, language) => {
    const email = await renderOrThrow(template, templates[template].sample(language));

    expect(email.subject).toBe(SUBJECTS[language][template]);
    expect(email.html).toMatch(/^<!DOCTYPE html/);
    expect(email.html).toContain(`lang="${language}"`);
    for (const value of KEY_VALUES[language][template]) {
      expect(email.html.replaceAll("<!-- -->", "")).toContain(value.replaceAll("&", "&amp;"));
      // The plain-text conversion upper-cases headings and table labels.
      expect(email.text.toLowerCase()).toContain(value.toLowerCase());
    }
    expect(email.text).not.toContain("<");
  });

  it("writes in English when the props name no language (mail queued before emails had one)", async () => {
    const { language: _language, ...queuedBefore } = sampleProps.welcome;
    const email = await renderOrThrow("welcome", queuedBefore);
    expect(email.subject).toBe("Welcome to Sunrise Tennis Club");
    expect(email.html).toContain('lang="en"');
  });

  it("builds subjects from the props", async () => {
    const reminder = async (daysLeft: number, language: EmailLanguage) =>
      (await renderOrThrow("renewal-reminder", { ...templates["renewal-reminder"].sample(language), daysLeft }))
        .subject;
    expect(await reminder(0, "en")).toBe("Your Gold Monthly membership ends today");
    expect(await reminder(1, "en")).toBe("Your Gold Monthly membership ends tomorrow");
    expect(await reminder(0, "es")).toBe("Su plan Oro mensual termina hoy");
    expect(await reminder(1, "es")).toBe("Su plan Oro mensual termina mañana");
    const confirmed = { ...templates["email-change-notice"].sample("es"), stage: "confirmed" };
    expect((await renderOrThrow("email-change-notice", confirmed)).subject).toBe(
      "Ha cambiado la dirección de correo de su cuenta de Sunrise Tennis Club",
    );
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
      language: "fr",
      timeZone: "Mars/Olympus_Mons",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ code: "Email.InvalidProps", kind: "invalid" });
    for (const field of ["resetUrl", "expiresInMinutes", "language", "timeZone"])
      expect(result.error.message).toContain(field);
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
