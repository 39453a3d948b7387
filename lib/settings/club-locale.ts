import { getConfig } from "@/lib/config";
import type { Database } from "@/lib/platform/db";
import { type ClubSettings, clubSettings } from "./club-settings";

/** The club's language, time zone and currency, for the console's i18n request configuration and formatter. */
export function getClubLocale(db: Database): Promise<ClubSettings> {
  return clubSettings(db, getConfig());
}
