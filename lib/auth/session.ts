import { randomUUID } from "node:crypto";
import type { Executor } from "@/lib/platform/db";
import { refreshTokens } from "@/lib/platform/db/schema";
import { primaryRole, type UserAccess } from "@/lib/users/access";
import { issueAccessToken } from "./access-token";
import type { AuthContext } from "./context";
import { hashOpaqueToken, newOpaqueToken } from "./opaque-token";

/** What a successful login, refresh, setup or password change hands the client. */
export type Session = {
  accessToken: string;
  accessTokenExpiresAt: Date;
  /** The access token's lifetime in seconds, as issued. */
  accessTokenLifetime: number;
  refreshToken: string;
  refreshTokenExpiresAt: Date;
  user: { id: string; email: string; role: string | null; mustChangePassword: boolean };
};

/**
 * Issues an access token and a refresh token. A refresh token belongs to a family (one login);
 * rotation keeps the family, so reuse of a rotated token can end every session of that login.
 */
export async function startSession(
  ctx: AuthContext,
  executor: Executor,
  user: Pick<UserAccess, "id" | "email" | "roles" | "mustChangePassword" | "sessionVersion">,
  options: { familyId?: string; userAgent?: string | null } = {},
): Promise<Session> {
  const refreshToken = newOpaqueToken();
  const refreshTokenExpiresAt = new Date(Date.now() + ctx.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);
  await executor.insert(refreshTokens).values({
    userId: user.id,
    familyId: options.familyId ?? randomUUID(),
    tokenHash: hashOpaqueToken(refreshToken),
    expiresAt: refreshTokenExpiresAt,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
  });
  const access = await issueAccessToken(
    ctx.keys.accessToken,
    { userId: user.id, sessionVersion: user.sessionVersion },
    ctx.config.ACCESS_TOKEN_TTL_SECONDS,
  );
  return {
    accessToken: access.token,
    accessTokenExpiresAt: access.expiresAt,
    accessTokenLifetime: ctx.config.ACCESS_TOKEN_TTL_SECONDS,
    refreshToken,
    refreshTokenExpiresAt,
    user: { id: user.id, email: user.email, role: primaryRole(user.roles), mustChangePassword: user.mustChangePassword },
  };
}
