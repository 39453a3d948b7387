import { and, eq, gt, isNull } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { Executor } from "@/lib/platform/db";
import { refreshTokens } from "@/lib/platform/db/schema";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { logger } from "@/lib/platform/logger";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { AuthContext } from "./context";
import { denySession } from "./deny-list";
import { AuthErrors } from "./errors";
import { hashOpaqueToken } from "./opaque-token";
import { oldestLiveSignIn, type Session, startSession } from "./session";
import { loadUserAccess } from "./user-access";

/**
 * Spec 5.3 refresh with rotation: the presented token is retired and a new one of the same family
 * issued. Retiring is one conditional UPDATE, so of two parallel refreshes with one token exactly one
 * wins. A retired token presented again means it was copied: the whole family is revoked, and the
 * access tokens it issued are refused too, since whoever copied the refresh token may hold one.
 */
export async function refreshSession(
  ctx: AuthContext,
  token: string,
  userAgent: string | null,
): Promise<Result<Session>> {
  const tokenHash = hashOpaqueToken(token);
  const outcome = await commitWhatever(
    ctx.db,
    async (tx): Promise<{ result: Result<Session>; reusedFamily?: string }> => {
      const now = new Date();
      const [rotated] = await tx
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.rotatedAt),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, now),
            // Expiry already stops at the sign-in's end; this also applies a SESSION_MAX_DAYS lowered since.
            gt(refreshTokens.sessionStartedAt, oldestLiveSignIn(ctx.config, now)),
          ),
        )
        .returning({
          userId: refreshTokens.userId,
          familyId: refreshTokens.familyId,
          sessionStartedAt: refreshTokens.sessionStartedAt,
        });
      if (!rotated) return explainRejectedToken(tx, tokenHash);
      const user = await loadUserAccess(tx, rotated.userId);
      if (!user?.isActive || user.blacklistedAt) {
        await revokeFamily(tx, rotated.familyId);
        return { result: fail(AuthErrors.tokenRevoked) };
      }
      const signIn = { id: rotated.familyId, startedAt: rotated.sessionStartedAt };
      return { result: ok(await startSession(ctx, tx, user, { signIn, userAgent })) };
    },
  );
  if (outcome.reusedFamily) await refuseAccessTokensOf(ctx, outcome.reusedFamily);
  return outcome.result;
}

async function explainRejectedToken(
  tx: Executor,
  tokenHash: string,
): Promise<{ result: Result<never>; reusedFamily?: string }> {
  const [known] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  if (!known || known.revokedAt || !known.rotatedAt) return { result: fail(AuthErrors.invalidRefreshToken) };
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
async function refuseAccessTokensOf(ctx: AuthContext, familyId: string): Promise<void> {
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
