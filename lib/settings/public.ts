import type { BucketName } from "@/lib/platform/storage";
import { bucketLimits } from "@/lib/platform/storage/limits";
import type { ServiceContext } from "@/lib/services/context";
import { getPlatformSettings } from "./platform-settings";

/**
 * The languages the API and console speak, in one place: English only until the i18n issue (16) lands, which moves
 * them with the time zone and currency into the club's settings in the database.
 */
const CLUB_LANGUAGES = { languages: ["en"], defaultLanguage: "en" } as const;

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

export async function publicSettings({ db, config }: Pick<ServiceContext, "db" | "config">): Promise<PublicSettings> {
  const platformSettings = await getPlatformSettings(db);
  return {
    clubName: platformSettings?.platformName ?? null,
    timeZone: config.CLUB_TIMEZONE,
    currency: config.CURRENCY,
    languages: [...CLUB_LANGUAGES.languages],
    defaultLanguage: CLUB_LANGUAGES.defaultLanguage,
    uploadLimitBytes: bucketLimits(config),
  };
}
