import { and, eq, gt, isNull } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { Executor } from "@/lib/platform/db";
import { refreshTokens } from "@/lib/platform/db/schema";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { logger } from "@/lib/platform/logger";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { ServiceContext } from "@/lib/services/context";
import type { AuthContext } from "./context";
import { denySession } from "./deny-list";
import { AuthErrors } from "./errors";
import { hashOpaqueToken } from "./opaque-token";
import { successorOf, withinReuseInterval } from "./refresh-successor";
import { oldestLiveSignIn, type Session, sessionAnswer, startSession } from "./session";
import { loadUserAccess } from "./user-access";

/** The auth services' slice and the clock, which decides whether a retry is within the reuse interval. */
export type RefreshContext = AuthContext & Pick<ServiceContext, "now">;

type RefreshOutcome = { result: Result<Session>; reusedFamily?: string };

/**
 * Spec 5.3 refresh with rotation: the presented token is retired and its successor (`successorOf`) issued in the
 * same family. Retiring is one conditional UPDATE, so of two parallel refreshes with one token exactly one rotates;
 * the other, like a client retrying after a lost answer, gets the same successor while the reuse interval lasts
 * (`answerAgain`). A retired token presented later, or once its successor was rotated too, means it was copied: the
 * whole family is revoked, and the access tokens it issued are refused too, since whoever copied the refresh token
 * may hold one.
 */
export async function refreshSession(
  ctx: RefreshContext,
  token: string,
  userAgent: string | null,
): Promise<Result<Session>> {
  const outcome = await commitWhatever(ctx.db, async (tx): Promise<RefreshOutcome> => {
    const now = ctx.now();
    const [rotated] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, hashOpaqueToken(token)),
          isNull(refreshTokens.rotatedAt),
          ...liveRefreshToken(ctx, now),
        ),
      )
      .returning({
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        sessionStartedAt: refreshTokens.sessionStartedAt,
      });
    if (!rotated) return answerAgainOrRefuse(ctx, tx, token, now);
    const user = await userStillAllowed(tx, rotated);
    if (!user) return { result: fail(AuthErrors.tokenRevoked) };
    const signIn = { id: rotated.familyId, startedAt: rotated.sessionStartedAt };
    const refreshToken = successorOf(ctx.keys, token);
    return { result: ok(await startSession(ctx, tx, user, { signIn, userAgent, refreshToken })) };
  });
  if (outcome.reusedFamily) await refuseAccessTokensOf(ctx, outcome.reusedFamily);
  return outcome.result;
}

/**
 * A refresh token that can still be used: not revoked, not expired, its sign-in younger than SESSION_MAX_DAYS, and
 * used (issued, by sign-in or rotation) within SESSION_IDLE_MINUTES.
 */
export function liveRefreshToken(ctx: Pick<AuthContext, "config">, now: Date) {
  const idleMinutes = ctx.config.SESSION_IDLE_MINUTES;
  return [
    isNull(refreshTokens.revokedAt),
    gt(refreshTokens.expiresAt, now),
    // Expiry already stops at the sign-in's end; this also applies a SESSION_MAX_DAYS lowered since.
    gt(refreshTokens.sessionStartedAt, oldestLiveSignIn(ctx.config, now)),
    ...(idleMinutes > 0 ? [gt(refreshTokens.createdAt, new Date(now.getTime() - idleMinutes * 60_000))] : []),
  ];
}

/** The account may go on refreshing; otherwise (blocked, deactivated) the sign-in ends here. */
async function userStillAllowed(tx: Executor, token: { userId: string; familyId: string }) {
  const user = await loadUserAccess(tx, token.userId);
  if (user?.isActive && !user.blacklistedAt) return user;
  await revokeFamily(tx, token.familyId);
  return null;
}

/**
 * The presented token was not rotated now. If it was rotated within the reuse interval and its successor is still the
 * family's current token, the client lost the answer (or raced itself): it gets that successor again, and nothing is
 * revoked. Otherwise a rotated token came back: reuse.
 */
async function answerAgainOrRefuse(
  ctx: RefreshContext,
  tx: Executor,
  token: string,
  now: Date,
): Promise<RefreshOutcome> {
  const [known] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(token)));
  if (!known || known.revokedAt || !known.rotatedAt) return { result: fail(AuthErrors.invalidRefreshToken) };
  if (withinReuseInterval(ctx.config, known.rotatedAt, now)) {
    const again = await answerAgain(ctx, tx, known, successorOf(ctx.keys, token), now);
    if (again) return { result: again };
  }
  await revokeFamily(tx, known.familyId);
  await recordAudit(tx, {
    action: "auth.refresh_token_reused",
    severity: "Warning",
    actorId: null,
    entity: "user",
    entityId: known.userId,
    data: { familyId: known.familyId },
  });
  return { result: fail(AuthErrors.refreshTokenReused), reusedFamily: known.familyId };
}

/** The successor's answer again, with a fresh access token of the sign-in; null when the successor moved on. */
async function answerAgain(
  ctx: RefreshContext,
  tx: Executor,
  parent: { userId: string; familyId: string },
  successor: string,
  now: Date,
): Promise<Result<Session> | null> {
  const [current] = await tx
    .select({ expiresAt: refreshTokens.expiresAt, sessionStartedAt: refreshTokens.sessionStartedAt })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tokenHash, hashOpaqueToken(successor)),
        eq(refreshTokens.familyId, parent.familyId),
        isNull(refreshTokens.rotatedAt),
        ...liveRefreshToken(ctx, now),
      ),
    );
  if (!current) return null;
  const user = await userStillAllowed(tx, parent);
  if (!user) return fail(AuthErrors.tokenRevoked);
  await recordAudit(tx, {
    action: "auth.refresh_retried",
    severity: "Info",
    actorId: null,
    entity: "user",
    entityId: parent.userId,
    data: { familyId: parent.familyId },
  });
  const signIn = { id: parent.familyId, startedAt: current.sessionStartedAt };
  return ok(await sessionAnswer(ctx, user, signIn, { token: successor, expiresAt: current.expiresAt }));
}

async function revokeFamily(tx: Executor, familyId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * After a sign-in ended in the database: its access tokens (`sid` = family) go on the deny-list. A cache outage
 * leaves them their few remaining minutes, as for logout; the refresh tokens are revoked regardless.
 */
export async function refuseAccessTokensOf(ctx: AuthContext, familyId: string): Promise<void> {
  await denySession(ctx.cache, familyId, ctx.config.ACCESS_TOKEN_TTL_SECONDS).catch((error: unknown) =>
    logger.warn({ err: error }, "access tokens of an ended sign-in not deny-listed: cache unavailable"),
  );
}

/** Ends every session of a user (blacklist, deactivation, password change or reset). */
export async function revokeAllSessions(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Logout: ends the sign-in the refresh token belongs to, its access tokens included. Unknown tokens are ignored (logout is idempotent). */
export async function revokeRefreshTokenFamily(ctx: AuthContext, token: string): Promise<void> {
  const [known] = await ctx.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(token)));
  if (!known) return;
  await revokeFamily(ctx.db, known.familyId);
  await refuseAccessTokensOf(ctx, known.familyId);
}
