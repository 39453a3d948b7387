import { publicSettingsResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { publicSettings } from "@/lib/settings/public";

export const dynamic = "force-dynamic";

/** Staff change the club's zone, currency and language seldom (PUT /api/settings): a minute's cache is safe. */
const CACHE_CONTROL = "public, max-age=60";

/** The club's name, time zone, currency and languages, for any client before it signs in. */
export const GET = route(
  {
    summary: "The club's public settings",
    description:
      "Time zone (calendar days, attendance dates, job schedules), currency of every price and the languages spoken. The club's stored settings (PUT /api/settings), `defaultLanguage` its language. Answers before setup too (`clubName` is then null). Cacheable for a minute.",
    response: { schema: publicSettingsResponse },
  },
  async ({ services }) =>
    Response.json(await publicSettings(services), { headers: { "cache-control": CACHE_CONTROL } }),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
