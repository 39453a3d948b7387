import type { ClubLanguage } from "@/lib/settings/club-locale";
import enApiReference from "./en/apiReference.json";
import enAudit from "./en/audit.json";
import enCommon from "./en/common.json";
import enErrors from "./en/errors.json";
import enSystem from "./en/system.json";
import esApiReference from "./es/apiReference.json";
import esAudit from "./es/audit.json";
import esCommon from "./es/common.json";
import esErrors from "./es/errors.json";
import esSystem from "./es/system.json";

/**
 * Every text a person reads in the console, by language and namespace (one file each: messages/<language>/<area>.json).
 * English is the reference: its keys type `t()` (global.d.ts), and messages.test.ts holds Spanish to the same keys
 * and ICU arguments.
 */
const catalogues = {
  en: { common: enCommon, errors: enErrors, audit: enAudit, system: enSystem, apiReference: enApiReference },
  es: { common: esCommon, errors: esErrors, audit: esAudit, system: esSystem, apiReference: esApiReference },
} satisfies Record<ClubLanguage, unknown>;

export type Messages = (typeof catalogues)["en"];

export const messagesFor = (language: ClubLanguage) => catalogues[language];

export const cataloguesByLanguage: Readonly<Record<ClubLanguage, Record<string, unknown>>> = catalogues;
