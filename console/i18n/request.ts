import "server-only";

import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { cache } from "react";
import { serviceContext } from "@/lib/composition/services";
import { getConfig } from "@/lib/config";
import { logger } from "@/lib/platform/logger";
import { type ClubLocale, isClubLanguage } from "@/lib/settings/club-locale";
import { clubSettingsOf } from "@/lib/settings/club-settings";
import { messagesFor } from "@/messages";
import { LANGUAGE_COOKIE } from "./locales";

/**
 * The club's settings, read once per request, or the configured defaults while the database cannot be read (the error
 * page still speaks).
 */
export const clubLocale = cache(async (): Promise<ClubLocale> => {
  try {
    // The service context reads them through the settings' per-process memo already.
    return (await serviceContext(null)).club;
  } catch (error) {
    logger.warn({ err: error }, "club settings unavailable: pages use the configured language and formats");
    return clubSettingsOf(undefined, getConfig());
  }
});

/**
 * next-intl's configuration for one request: the user's chosen language (its cookie), else the club's; times in the
 * club's time zone for everyone, whatever the browser's.
 */
export default getRequestConfig(async () => {
  const club = await clubLocale();
  const chosen = (await cookies()).get(LANGUAGE_COOKIE)?.value;
  const locale = isClubLanguage(chosen) ? chosen : club.language;
  return { locale, timeZone: club.timeZone, messages: messagesFor(locale) };
});
