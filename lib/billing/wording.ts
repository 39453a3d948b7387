import type { MailLanguage } from "@/lib/mail/recipient-language";

type Period = "monthly" | "quarterly" | "annual";

const PERIODS: Record<MailLanguage, Record<Period, string>> = {
  en: { monthly: "monthly", quarterly: "quarterly", annual: "annual" },
  es: { monthly: "mensual", quarterly: "trimestral", annual: "anual" },
};

/** An invoice line's words are fixed at issue, in the invoice's language: "Gold, monthly" / "Gold, mensual". */
export const termLineText = (language: MailLanguage, planName: string, period: Period) =>
  `${planName}, ${PERIODS[language][period]}`;

/** A rectification's reason when a term ends early: the unused part of it is credited. */
export const unusedPartCreditText = (language: MailLanguage, reason: "canceled" | "plan_change") =>
  language === "es"
    ? `Parte no disfrutada del periodo (${reason === "plan_change" ? "cambio de plan" : "baja"})`
    : `Unused part of the term (${reason === "plan_change" ? "plan change" : "cancellation"})`;

/** A rectification's reason when a renewal paid ahead is ended before it started. */
export const queuedRenewalCreditText = (language: MailLanguage) =>
  language === "es" ? "Renovación anulada antes de empezar" : "Renewal cancelled before it started";

export const rectificationLineText = (language: MailLanguage, number: string, description: string) =>
  language === "es" ? `Rectificación de ${number}: ${description}` : `Correction of ${number}: ${description}`;

/** A rectification's reason when a refund gives back more than the money held, if staff gave no reference. */
export const refundCreditText = (language: MailLanguage) =>
  language === "es" ? "Devolución al socio" : "Refund to the member";

/** The line of the fee invoiced when a member's direct debit comes back (collections/return-fees.ts). */
export const returnFeeLineText = (language: MailLanguage, number: string) =>
  language === "es"
    ? `Gastos de devolución del recibo ${number}`
    : `Return charge for the direct debit of invoice ${number}`;

/** Why a return fee carries no IVA: an indemnity, not the price of a service (Ley 37/1992 art. 78.Tres.1º). */
export const returnFeeNotSubjectText = (language: MailLanguage) =>
  language === "es"
    ? "indemnización, no contraprestación de un servicio (art. 78.Tres.1º Ley 37/1992)"
    : "an indemnity, not the price of a service (art. 78.Tres.1º Ley 37/1992)";
