import type { MailLanguage } from "@/lib/mail/recipient-language";

type Period = "monthly" | "quarterly" | "annual";

const PERIODS: Record<MailLanguage, Record<Period, string>> = {
  en: { monthly: "monthly", quarterly: "quarterly", annual: "annual" },
  es: { monthly: "mensual", quarterly: "trimestral", annual: "anual" },
};

/** An invoice line's words are fixed at issue, in the invoice's language: "Gold, monthly" / "Gold, mensual". */
export const termLineText = (language: MailLanguage, planName: string, period: Period) =>
  `${planName}, ${PERIODS[language][period]}`;

export const prorationCreditText = (language: MailLanguage, planName: string) =>
  language === "es" ? `Abono por la parte no disfrutada de ${planName}` : `Credit for the unused part of ${planName}`;

export const rectificationLineText = (language: MailLanguage, number: string, description: string) =>
  language === "es" ? `Rectificación de ${number}: ${description}` : `Correction of ${number}: ${description}`;
