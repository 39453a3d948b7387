import { randomUUID } from "node:crypto";
import type { Config } from "@/lib/config";
import type { Executor } from "@/lib/platform/db";
import { refreshTokens } from "@/lib/platform/db/schema";
import { issueAccessToken } from "./access-token";
import type { AuthContext } from "./context";
import { hashOpaqueToken, newOpaqueToken } from "./opaque-token";
import { primaryRole, type UserAccess } from "./user-access";

const DAY_MS = 86_400_000;

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

/** A sign-in that started before this instant has reached its absolute end (SESSION_MAX_DAYS). */
export const oldestLiveSignIn = (config: Pick<Config, "SESSION_MAX_DAYS">, now: Date) =>
  new Date(now.getTime() - config.SESSION_MAX_DAYS * DAY_MS);

/** A sign-in: its refresh-token family and when the password was given. Rotation carries both forward. */
export type SignIn = { id: string; startedAt: Date };

/**
 * Issues an access token and a refresh token. A refresh token belongs to a family (one sign-in); rotation keeps
 * the family, so reuse of a rotated token can end that sign-in, and its start, so no refresh token outlives
 * SESSION_MAX_DAYS after it. Without `signIn` this is a new sign-in; rotation passes the successor's `refreshToken`
 * (lib/auth/refresh-successor.ts), otherwise a random one is drawn.
 */
export async function startSession(
  ctx: AuthContext,
  executor: Executor,
  user: SessionUser,
  options: { signIn?: SignIn; userAgent?: string | null; refreshToken?: string } = {},
): Promise<Session> {
  // One instant for the sign-in's start and its first token's issue, which the sessions list shows as its last use.
  const issuedAt = new Date();
  const signIn = options.signIn ?? { id: randomUUID(), startedAt: issuedAt };
  const refreshToken = options.refreshToken ?? newOpaqueToken();
  const refreshTokenExpiresAt = new Date(
    Math.min(
      Date.now() + ctx.config.REFRESH_TOKEN_TTL_DAYS * DAY_MS,
      signIn.startedAt.getTime() + ctx.config.SESSION_MAX_DAYS * DAY_MS,
    ),
  );
  await executor.insert(refreshTokens).values({
    userId: user.id,
    familyId: signIn.id,
    sessionStartedAt: signIn.startedAt,
    tokenHash: hashOpaqueToken(refreshToken),
    expiresAt: refreshTokenExpiresAt,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
    createdAt: issuedAt,
  });
  return sessionAnswer(ctx, user, signIn, { token: refreshToken, expiresAt: refreshTokenExpiresAt });
}

type SessionUser = Pick<UserAccess, "id" | "email" | "roles" | "mustChangePassword" | "sessionVersion">;

/** The answer for a refresh token already stored: it, and a fresh access token of its sign-in. */
export async function sessionAnswer(
  ctx: Pick<AuthContext, "config" | "keys">,
  user: SessionUser,
  signIn: SignIn,
  refresh: { token: string; expiresAt: Date },
): Promise<Session> {
  const access = await issueAccessToken(
    ctx.keys.accessToken,
    { userId: user.id, sessionId: signIn.id, sessionVersion: user.sessionVersion },
    ctx.config.ACCESS_TOKEN_TTL_SECONDS,
  );
  return {
    accessToken: access.token,
    accessTokenExpiresAt: access.expiresAt,
    accessTokenLifetime: ctx.config.ACCESS_TOKEN_TTL_SECONDS,
    refreshToken: refresh.token,
    refreshTokenExpiresAt: refresh.expiresAt,
    user: {
      id: user.id,
      email: user.email,
      role: primaryRole(user.roles),
      mustChangePassword: user.mustChangePassword,
    },
  };
}
