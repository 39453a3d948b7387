import type { ClubLanguage } from "@/lib/settings/club-locale";
import enCommon from "./en/common.json";
import enDashboard from "./en/dashboard.json";
import enErrors from "./en/errors.json";
import enSettings from "./en/settings.json";
import esCommon from "./es/common.json";
import esDashboard from "./es/dashboard.json";
import esErrors from "./es/errors.json";
import esSettings from "./es/settings.json";

/**
 * Every text a person reads in the console, by language and namespace (one file each: messages/<language>/<area>.json).
 * English is the reference: its keys type `t()` (global.d.ts), and messages.test.ts holds Spanish to the same keys
 * and ICU arguments.
 */
const catalogues = {
  en: { common: enCommon, dashboard: enDashboard, errors: enErrors, settings: enSettings },
  es: { common: esCommon, dashboard: esDashboard, errors: esErrors, settings: esSettings },
} satisfies Record<ClubLanguage, unknown>;

export type Messages = (typeof catalogues)["en"];

export const messagesFor = (language: ClubLanguage) => catalogues[language];

export const cataloguesByLanguage: Readonly<Record<ClubLanguage, Record<string, unknown>>> = catalogues;
