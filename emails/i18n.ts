import { createTranslator } from "use-intl/core";
import en from "./messages/en.json";
import es from "./messages/es.json";

/**
 * The emails' own catalogues, read with use-intl (the core of next-intl, which the console uses): emails/ imports
 * nothing of the app, so the renderer process carries its words with it. `es satisfies` the English shape, so a key
 * missing in Spanish fails the type check; emails/i18n.test.ts checks both ways and the ICU arguments.
 */
export const EMAIL_CATALOGUES = { en, es: es satisfies typeof en } as const;

export const EMAIL_LANGUAGES = ["en", "es"] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];

/** The locale whose formats a language's emails use: British English ("1 March 2025", "€49.00") and Spain's Spanish. */
const FORMAT_LOCALE: Record<EmailLanguage, string> = { en: "en-GB", es: "es-ES" };

type EmailTranslator = ReturnType<typeof createTranslator<typeof en>>;

/** What a template writes with: its words in the reader's language, and dates and money in that language's formats. */
export type EmailText = {
  language: EmailLanguage;
  t: EmailTranslator;
  /** A calendar date (YYYY-MM-DD, already in the club's time zone): "1 March 2025", "1 de marzo de 2025". */
  date: (isoDate: string) => string;
  /** (129.9, "EUR") → "€129.90", "129,90 €". */
  money: (value: number, currency: string) => string;
};

export function emailText(language: EmailLanguage, timeZone: string): EmailText {
  const locale = FORMAT_LOCALE[language];
  // Calendar dates are formatted in UTC so that no zone shifts them by a day; instants in a message use `timeZone`.
  const longDate = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return {
    language,
    t: createTranslator({ locale: language, messages: EMAIL_CATALOGUES[language], timeZone }),
    date: (isoDate) => longDate.format(new Date(`${isoDate}T00:00:00Z`)),
    money: (value, currency) => new Intl.NumberFormat(locale, { style: "currency", currency }).format(value),
  };
}
