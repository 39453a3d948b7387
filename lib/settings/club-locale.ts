import type { Config } from "@/lib/config";
import type { Executor } from "@/lib/platform/db";
import { type ClubLocale, clubSettings } from "./club-settings";

export type { ClubLocale } from "./club-settings";
export { type ClubLanguage, isClubLanguage } from "./languages";

/**
 * The club's language, time zone and currency as stored (GET /api/settings), for the console's i18n request
 * configuration and formatter: through the same short per-process memo as every request's service context.
 */
export function getClubLocale(
  executor: Executor,
  config: Pick<Config, "CLUB_TIMEZONE" | "CURRENCY">,
): Promise<ClubLocale> {
  return clubSettings(executor, config);
}
