import { publicSettingsResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { publicSettings } from "@/lib/settings/public";

export const dynamic = "force-dynamic";

/** Zone, currency and language change only with a restart (or setup naming the club): a few minutes' cache is safe. */
const CACHE_CONTROL = "public, max-age=300";

/** The club's name, time zone, currency and languages, for any client before it signs in. */
export const GET = route(
  {
    summary: "The club's public settings",
    description:
      "Time zone (calendar days, attendance dates, job schedules), currency of every price and the languages spoken. Answers before setup too (`clubName` is then null). Cacheable for 5 minutes.",
    response: { schema: publicSettingsResponse },
  },
  async ({ services }) =>
    Response.json(await publicSettings(services), { headers: { "cache-control": CACHE_CONTROL } }),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
