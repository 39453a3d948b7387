import { z } from "zod";
import type { Config } from "@/lib/config";
import type { Executor } from "@/lib/platform/db";
import { platformSettings } from "@/lib/platform/db/schema";
import { CLUB_LANGUAGES, type ClubLanguage, isClubLanguage } from "./languages";

/** The club's locale: what its dates, times and prices are read and written in. */
export type ClubLocale = { language: ClubLanguage; timeZone: string; currency: string };

/** What an install started with: the env vars are the initial defaults only (setup stores them, or what it is given). */
export type ClubDefaults = Pick<Config, "CLUB_TIMEZONE" | "CURRENCY">;

const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

/** An IANA name, Area/Location as written in the database, or UTC: no offsets ("+01:00") or abbreviations ("CET"). */
const IANA_NAME = /^(?:UTC|[A-Z][A-Za-z_-]*(?:\/[A-Za-z0-9_+-]+)+)$/;

/**
 * Whether the runtime knows the zone. Its list (Intl.supportedValuesOf, which the console offers) holds ICU's names
 * (Asia/Calcutta), so the IANA ones it resolves (Asia/Kolkata) are taken too; PostgreSQL's zone database has both.
 */
function isKnownTimeZone(zone: string): boolean {
  if (!IANA_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const languageField = z.enum(CLUB_LANGUAGES, { error: "Use en or es." });
export const timeZoneField = z.string().refine(isKnownTimeZone, "Use an IANA time zone such as Europe/Madrid.");
export const currencyField = z
  .string()
  .refine((code) => CURRENCIES.has(code), "Use an ISO 4217 currency code such as EUR.");

type StoredClubSettings = { language: string | null; timeZone: string | null; currency: string | null };

export const storedClubSettings = {
  language: platformSettings.language,
  timeZone: platformSettings.timeZone,
  currency: platformSettings.currency,
};

/** A value never stored (before setup, or an install older than these settings) is the env's default, and English. */
export function clubSettingsOf(stored: StoredClubSettings | undefined, defaults: ClubDefaults): ClubLocale {
  return {
    language: isClubLanguage(stored?.language) ? stored.language : "en",
    timeZone: stored?.timeZone ?? defaults.CLUB_TIMEZONE,
    currency: stored?.currency ?? defaults.CURRENCY,
  };
}

export async function readClubSettings(executor: Executor, defaults: ClubDefaults): Promise<ClubLocale> {
  const [stored] = await executor.select(storedClubSettings).from(platformSettings);
  return clubSettingsOf(stored, defaults);
}

/**
 * Requests read the settings through a per-process memo that lives this long. Every request needs them (dates, prices),
 * so this spares a query each; a change saved on another instance shows here within this time. A change saved on this
 * instance is seen at once (`forgetClubSettings`). Jobs and the scheduler read the table directly.
 */
const CLUB_SETTINGS_TTL_MS = 5_000;

type Memo = WeakMap<Executor, { settings: ClubLocale; until: number }>;
/**
 * On globalThis, like the platform it memoizes for: Next.js bundles route handlers and pages apart, each with its own
 * copy of this module, and a save through the API must reach the pages' memo too.
 */
const holder = globalThis as typeof globalThis & { __clubopsClubSettings?: Memo };
holder.__clubopsClubSettings ??= new WeakMap();
const remembered: Memo = holder.__clubopsClubSettings;

/** The club's settings for a request: from the memo while it is fresh, else read and remembered. */
export async function clubSettings(db: Executor, defaults: ClubDefaults): Promise<ClubLocale> {
  const now = Date.now();
  const memo = remembered.get(db);
  if (memo && memo.until > now) return memo.settings;
  const settings = await readClubSettings(db, defaults);
  remembered.set(db, { settings, until: now + CLUB_SETTINGS_TTL_MS });
  return settings;
}

/** After a write of the settings (setup, PUT /api/settings): this instance's next request reads them again. */
export function forgetClubSettings(db: Executor): void {
  remembered.delete(db);
}
