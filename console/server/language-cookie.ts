import "server-only";

import { cookies } from "next/headers";
import { LANGUAGE_COOKIE } from "@/console/i18n/locales";
import type { Config } from "@/lib/config";
import type { ClubLanguage } from "@/lib/settings/languages";
import { usesSecureCookies } from "./session-cookie";

const YEAR_SECONDS = 365 * 86_400;

/**
 * At sign-in, the cookie takes the language the user saved (PUT /api/auth/me/language), or is cleared so that the
 * club's applies: a shared front-desk browser speaks each person's language. Page scripts may change it
 * (console/language-cookie.ts), so it is not httpOnly: it is a preference, not a credential.
 */
export async function setLanguageCookie(config: Config, language: ClubLanguage | null): Promise<void> {
  const jar = await cookies();
  if (language === null) jar.delete(LANGUAGE_COOKIE);
  else
    jar.set(LANGUAGE_COOKIE, language, {
      path: "/",
      maxAge: YEAR_SECONDS,
      sameSite: "lax",
      secure: usesSecureCookies(config),
    });
}
