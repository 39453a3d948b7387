import "server-only";
import { decode, encode } from "next-auth/jwt";
import type { Config } from "@/lib/config";
import { authKeys } from "@/lib/platform/auth-keys";

/** A separate key from the session cookie's, so a handoff can never pass for a session cookie nor the reverse. */
const SALT = "clubops console password change";
/** Long enough for the browser to hand it straight back to the session route. */
const LIFETIME_SECONDS = 120;

/**
 * A password change answers with a new session, whose refresh token the session cookie must adopt. The browser
 * carries it from the change to the session route (next-auth's update()) sealed: encrypted and authenticated with
 * the console's key, so page scripts see an opaque string and cannot read or forge a refresh token.
 */
export async function sealRefreshToken(config: Config, refreshToken: string): Promise<string> {
  const { consoleSession } = await authKeys(config);
  return encode({ token: { refreshToken }, secret: consoleSession, salt: SALT, maxAge: LIFETIME_SECONDS });
}

/** The refresh token of a handoff this server sealed, or null (altered, foreign or expired). */
export async function openRefreshToken(config: Config, sealed: string): Promise<string | null> {
  const { consoleSession } = await authKeys(config);
  const payload = await decode({ token: sealed, secret: consoleSession, salt: SALT }).catch(() => null);
  return typeof payload?.refreshToken === "string" ? payload.refreshToken : null;
}
