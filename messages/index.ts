import type { ClubLanguage } from "@/lib/settings/club-locale";
import enCommon from "./en/common.json";
import enErrors from "./en/errors.json";
import enMembers from "./en/members.json";
import enPlans from "./en/plans.json";
import esCommon from "./es/common.json";
import esErrors from "./es/errors.json";
import esMembers from "./es/members.json";
import esPlans from "./es/plans.json";

/**
 * Every text a person reads in the console, by language and namespace (one file each: messages/<language>/<area>.json).
 * English is the reference: its keys type `t()` (global.d.ts), and messages.test.ts holds Spanish to the same keys
 * and ICU arguments.
 */
const catalogues = {
  en: { common: enCommon, errors: enErrors, members: enMembers, plans: enPlans },
  es: { common: esCommon, errors: esErrors, members: esMembers, plans: esPlans },
} satisfies Record<ClubLanguage, unknown>;

export type Messages = (typeof catalogues)["en"];

export const messagesFor = (language: ClubLanguage) => catalogues[language];

export const cataloguesByLanguage: Readonly<Record<ClubLanguage, Record<string, unknown>>> = catalogues;
