import "server-only";

import { getLocale } from "next-intl/server";
import { type ClubFormat, clubFormat } from "./format";
import { clubLocale } from "./request";

/** The console's formatter in a server component: the reader's language, the club's time zone and currency. */
export async function getClubFormat(): Promise<ClubFormat> {
  const [language, club] = await Promise.all([getLocale(), clubLocale()]);
  return clubFormat({ language, timeZone: club.timeZone, currency: club.currency });
}
