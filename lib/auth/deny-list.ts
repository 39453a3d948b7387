import type { Cache } from "@/lib/platform/cache";
import { logger } from "@/lib/platform/logger";

const key = (jti: string) => `auth:denied-jti:${jti}`;

/** Refuses an access token until it would have expired anyway (logout). */
export async function denyAccessToken(cache: Cache, jti: string, expiresAtSeconds: number): Promise<void> {
  const remaining = expiresAtSeconds - Math.floor(Date.now() / 1000);
  if (remaining > 0) await cache.set(key(jti), "1", remaining);
}

/**
 * Fails open when the cache is down: refusing every request would take the API down with Redis,
 * while a logged-out token stays usable for at most its short remaining life (its refresh token is revoked in the database).
 */
export async function isAccessTokenDenied(cache: Cache, jti: string): Promise<boolean> {
  try {
    return (await cache.get(key(jti))) !== null;
  } catch (error) {
    logger.warn({ err: error }, "deny-list not checked: cache unavailable");
    return false;
  }
}
