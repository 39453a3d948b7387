import { z } from "zod";
import type { Config } from "@/lib/config";
import type { Executor } from "@/lib/platform/db";
import { platformSettings } from "@/lib/platform/db/schema";
import { CLUB_LANGUAGES, type ClubLanguage, isClubLanguage } from "./languages";

/** The club's locale: what its dates, times and prices are read and written in. */
export type ClubLocale = { language: ClubLanguage; timeZone: string; currency: string };

/** What an install started with: the env vars are the initial defaults only (setup stores them, or what it is given). */
export type ClubDefaults = Pick<Config, "CLUB_TIMEZONE" | "CURRENCY">;

const TIME_ZONES = new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

export const languageField = z.enum(CLUB_LANGUAGES, { error: "Use en or es." });
/** IANA zones as the runtime knows them (the console lists the same); PostgreSQL's zone database has them all. */
export const timeZoneField = z
  .string()
  .refine((zone) => TIME_ZONES.has(zone), "Use an IANA time zone such as Europe/Madrid.");
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

const remembered = new WeakMap<Executor, { settings: ClubLocale; until: number }>();

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
