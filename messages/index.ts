import type { ClubLanguage } from "@/lib/settings/club-locale";
import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enErrors from "./en/errors.json";
import enShell from "./en/shell.json";
import esAuth from "./es/auth.json";
import esCommon from "./es/common.json";
import esErrors from "./es/errors.json";
import esShell from "./es/shell.json";

/**
 * Every text a person reads in the console, by language and namespace (one file each: messages/<language>/<area>.json).
 * English is the reference: its keys type `t()` (global.d.ts), and messages.test.ts holds Spanish to the same keys
 * and ICU arguments.
 */
const catalogues = {
  en: { common: enCommon, errors: enErrors, shell: enShell, auth: enAuth },
  es: { common: esCommon, errors: esErrors, shell: esShell, auth: esAuth },
} satisfies Record<ClubLanguage, unknown>;

export type Messages = (typeof catalogues)["en"];

export const messagesFor = (language: ClubLanguage) => catalogues[language];

export const cataloguesByLanguage: Readonly<Record<ClubLanguage, Record<string, unknown>>> = catalogues;
