import type { Cache } from "@/lib/platform/cache";
import { logger } from "@/lib/platform/logger";
import type { AccessTokenClaims } from "./access-token";

const tokenKey = (jti: string) => `auth:denied-jti:${jti}`;
const sessionKey = (sessionId: string) => `auth:denied-session:${sessionId}`;

/** Refuses an access token until it would have expired anyway (logout). */
export async function denyAccessToken(cache: Cache, jti: string, expiresAtSeconds: number): Promise<void> {
  const remaining = expiresAtSeconds - Math.floor(Date.now() / 1000);
  if (remaining > 0) await cache.set(tokenKey(jti), "1", remaining);
}

/**
 * Refuses every access token of one sign-in (its `sid`) once the sign-in has ended (logout, refresh-token reuse).
 * Every such token was issued before now, so none outlives `accessTokenTtlSeconds` from now.
 */
export async function denySession(cache: Cache, sessionId: string, accessTokenTtlSeconds: number): Promise<void> {
  await cache.set(sessionKey(sessionId), "1", accessTokenTtlSeconds);
}

/**
 * Fails open when the cache is down: refusing every request would take the API down with Redis,
 * while a logged-out token stays usable for at most its short remaining life (its refresh token is revoked in the database).
 */
export async function isAccessTokenDenied(
  cache: Cache,
  claims: Pick<AccessTokenClaims, "jti" | "sessionId">,
): Promise<boolean> {
  try {
    const [token, session] = await Promise.all([
      cache.get(tokenKey(claims.jti)),
      cache.get(sessionKey(claims.sessionId)),
    ]);
    return token !== null || session !== null;
  } catch (error) {
    logger.warn({ err: error }, "deny-list not checked: cache unavailable");
    return false;
  }
}
