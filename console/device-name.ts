import { UAParser } from "ua-parser-js";

/**
 * A sign-in's browser or app in plain words ("Firefox on Linux", "Chrome on Android"), from the User-Agent it sent,
 * read by ua-parser-js (MIT, 1.x): people recognise their devices by these, not by the raw header. Null when the
 * header names neither a browser nor a system (an API client of the club's own), so the raw text is shown instead.
 */
export function deviceName(userAgent: string): { browser: string | null; system: string | null } {
  const { browser, os } = new UAParser(userAgent).getResult();
  return { browser: browser.name ?? null, system: os.name ?? null };
}
