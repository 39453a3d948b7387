import { logger } from "@/lib/platform/logger";
import { bearerToken, verifyAccessToken } from "./access-token";
import type { AuthContext } from "./context";
import { denyAccessToken } from "./deny-list";
import { revokeRefreshTokenFamily } from "./refresh";

/**
 * Spec 5.4 logout: the refresh token's login ends in the database and the access token's jti goes
 * on the deny-list for the rest of its life. Either may be missing; logout always succeeds.
 */
export async function logout(
  ctx: AuthContext,
  input: { authorization: string | null; refreshToken: string | null },
): Promise<void> {
  if (input.refreshToken) await revokeRefreshTokenFamily(ctx, input.refreshToken);
  const token = bearerToken(input.authorization);
  const claims = token ? await verifyAccessToken(ctx.keys.accessToken, token) : null;
  if (!claims) return;
  // The refresh token is already revoked; a cache outage only leaves this short-lived token usable.
  await denyAccessToken(ctx.cache, claims.jti, claims.expiresAt).catch((error: unknown) =>
    logger.warn({ err: error }, "access token not deny-listed: cache unavailable"),
  );
}
