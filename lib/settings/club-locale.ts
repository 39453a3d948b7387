import type { Config } from "@/lib/config";
import type { Executor } from "@/lib/platform/db";

/** The languages the console, the emails and the API's texts are written in. */
export const CLUB_LANGUAGES = ["en", "es"] as const;
export type ClubLanguage = (typeof CLUB_LANGUAGES)[number];

export const isClubLanguage = (value: unknown): value is ClubLanguage =>
  typeof value === "string" && (CLUB_LANGUAGES as readonly string[]).includes(value);

/** What every page and email needs to speak the club's language and write its formats. */
export type ClubLocale = { language: ClubLanguage; timeZone: string; currency: string };

/**
 * The club's language, time zone and currency. Until the club's settings are stored in the database (issue 16, the
 * settings branch) they come from the configuration's defaults.
 */
export async function getClubLocale(
  _executor: Executor,
  config: Pick<Config, "CLUB_TIMEZONE" | "CURRENCY">,
): Promise<ClubLocale> {
  return { language: "en", timeZone: config.CLUB_TIMEZONE, currency: config.CURRENCY };
}
