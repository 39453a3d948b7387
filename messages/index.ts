import type { ClubLanguage } from "@/lib/settings/club-locale";
import enCommon from "./en/common.json";
import enErrors from "./en/errors.json";
import enMail from "./en/mail.json";
import esCommon from "./es/common.json";
import esErrors from "./es/errors.json";
import esMail from "./es/mail.json";

/**
 * Every text a person reads in the console, by language and namespace (one file each: messages/<language>/<area>.json).
 * English is the reference: its keys type `t()` (global.d.ts), and messages.test.ts holds Spanish to the same keys
 * and ICU arguments.
 */
const catalogues = {
  en: { common: enCommon, errors: enErrors, mail: enMail },
  es: { common: esCommon, errors: esErrors, mail: esMail },
} satisfies Record<ClubLanguage, unknown>;

export type Messages = (typeof catalogues)["en"];

export const messagesFor = (language: ClubLanguage) => catalogues[language];

export const cataloguesByLanguage: Readonly<Record<ClubLanguage, Record<string, unknown>>> = catalogues;
