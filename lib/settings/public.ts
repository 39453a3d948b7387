import type { Config } from "@/lib/config";
import type { Executor } from "@/lib/platform/db";
import type { BucketName } from "@/lib/platform/storage";
import { bucketLimits } from "@/lib/platform/storage/limits";
import type { ClubLocale } from "./club-settings";
import { CLUB_LANGUAGES } from "./languages";
import { getPlatformSettings } from "./platform-settings";

/** What any client may know about the club before signing in, so it need not guess zone, currency or language. */
export type PublicSettings = {
  /** Null until first-run setup names the club. */
  clubName: string | null;
  timeZone: string;
  currency: string;
  languages: string[];
  defaultLanguage: string;
  /** The largest file each bucket takes, in bytes, so a client can refuse a larger one before sending it. */
  uploadLimitBytes: Record<BucketName, number>;
};

/** `club`: the stored settings, as the request's service context read them. */
export async function publicSettings({
  db,
  config,
  club,
}: {
  db: Executor;
  config: Config;
  club: ClubLocale;
}): Promise<PublicSettings> {
  const platformSettings = await getPlatformSettings(db);
  return {
    clubName: platformSettings?.platformName ?? null,
    timeZone: club.timeZone,
    currency: club.currency,
    languages: [...CLUB_LANGUAGES],
    defaultLanguage: club.language,
    uploadLimitBytes: bucketLimits(config),
  };
}
