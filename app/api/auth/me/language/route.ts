import { ownLanguageResponse } from "@/app/api/responses";
import { ownLanguageSchema, setOwnLanguage } from "@/lib/auth/own-language";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** Any signed-in user picks the console's language for themselves; GET /api/auth/me returns it. */
export const PUT = route(
  {
    access: "authenticated",
    body: ownLanguageSchema,
    summary: "Pick the caller's language",
    description: "`en` or `es` for the console; null follows the club's language.",
    response: { schema: ownLanguageResponse },
  },
  async ({ body, principal, services }) => ok(await setOwnLanguage(services.db, principal.id, body)),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, POST } = otherMethods({ PUT });
