import "server-only";
import { NextRequest } from "next/server";
import type { JWT } from "next-auth/jwt";
import { getToken } from "next-auth/jwt";
import type { Config } from "@/lib/config";
import { authKeys } from "@/lib/platform/auth-keys";
import { servedOverHttps } from "@/lib/platform/http/security-headers";

/** next-auth names and marks its cookies `__Secure-` when the console is served over https. */
export const usesSecureCookies = (config: Pick<Config, "APP_URL">) => servedOverHttps(config.APP_URL);

/**
 * The console's session cookie among a request's cookies, decrypted: the API session the console holds on the
 * user's behalf, or null when there is none (or one this server did not seal, or expired). Only server code reads it.
 */
export async function readConsoleSession(config: Config, cookieHeader: string | null): Promise<JWT | null> {
  if (!cookieHeader) return null;
  const { consoleSession } = await authKeys(config);
  // A request with the cookies alone: getToken would otherwise fall back to a bearer token in Authorization.
  const req = new NextRequest(config.APP_URL, { headers: { cookie: cookieHeader } });
  return getToken({ req, secret: consoleSession, secureCookie: usesSecureCookies(config) });
}
