import "client-only";

import { LANGUAGE_COOKIE } from "@/console/i18n/locales";
import type { ClubLanguage } from "@/lib/settings/languages";

const YEAR_SECONDS = 365 * 86_400;

/**
 * Remembers the reader's language for the next pages (console/i18n/request.ts reads the cookie); null forgets it, so the
 * club's language applies. A preference, not a secret: page scripts may write it.
 */
export function rememberLanguage(language: ClubLanguage | null): void {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API exists only in secure contexts, and a club may serve the console over plain HTTP on its own network
  document.cookie =
    language === null
      ? `${LANGUAGE_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`
      : `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${YEAR_SECONDS}; samesite=lax${secure}`;
}
