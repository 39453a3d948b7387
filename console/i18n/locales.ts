import type { ClubLanguage } from "@/lib/settings/club-locale";

/**
 * The locale each language formats in. English is British English: a Spanish club's English-speaking staff read
 * 24-hour times and day-month dates, like the rest of the club's paperwork.
 */
export const INTL_LOCALE: Readonly<Record<ClubLanguage, string>> = { en: "en-GB", es: "es-ES" };

/** The cookie that carries the signed-in user's language (set at sign-in and when they choose another). */
export const LANGUAGE_COOKIE = "clubops-language";
