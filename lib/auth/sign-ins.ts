import { and, desc, eq, isNull } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { refreshTokens } from "@/lib/platform/db/schema";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { AuthContext } from "./context";
import { endAllSessions } from "./credentials";
import { AuthErrors } from "./errors";
import { liveRefreshToken, type RefreshContext, refuseAccessTokensOf } from "./refresh";

/**
 * One of a person's sign-ins, as their sessions list shows it: when the password was given, when it was last used (its
 * refresh token issued, by sign-in or rotation: within an access token's lifetime of the last request) and from what.
 */
export type SignInSummary = {
  id: string;
  startedAt: Date;
  lastActiveAt: Date;
  userAgent: string | null;
  current: boolean;
};

/**
 * The sign-ins of `userId` that can still go on, newest use first: each is its family's one unrotated refresh token
 * that is still live (not revoked, expired, past SESSION_MAX_DAYS or idle past SESSION_IDLE_MINUTES). `currentId`
 * marks the caller's own.
 */
export async function listSignIns(ctx: RefreshContext, userId: string, currentId: string): Promise<SignInSummary[]> {
  const rows = await ctx.db
    .select({
      id: refreshTokens.familyId,
      startedAt: refreshTokens.sessionStartedAt,
      lastActiveAt: refreshTokens.createdAt,
      userAgent: refreshTokens.userAgent,
    })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.rotatedAt), ...liveRefreshToken(ctx, ctx.now())))
    .orderBy(desc(refreshTokens.createdAt));
  return rows.map((row) => ({ ...row, current: row.id === currentId }));
}

/**
 * Ends one of the caller's own sign-ins (a phone left signed in, a shared computer): its refresh tokens are revoked and
 * its access tokens deny-listed. Another person's sign-in, or one already ended, is `404 Auth.SignInNotFound`.
 */
export async function endSignIn(ctx: AuthContext, userId: string, signInId: string): Promise<Result<void>> {
  const ended = await commitWhatever(ctx.db, async (tx) => {
    const revoked = await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(refreshTokens.familyId, signInId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)),
      )
      .returning({ id: refreshTokens.id });
    if (revoked.length === 0) return false;
    await recordAudit(tx, {
      action: "auth.sign_in_ended",
      severity: "Info",
      actorId: userId,
      entity: "user",
      entityId: userId,
      data: { signInId },
    });
    return true;
  });
  if (!ended) return fail(AuthErrors.signInNotFound);
  await refuseAccessTokensOf(ctx, signInId);
  return ok(undefined);
}

/**
 * "Sign out everywhere": every sign-in of the caller ends, this one included. The session version moves on, so every
 * access token issued before is refused at once whatever the cache holds, as after a password change.
 */
export async function endEverySignIn(ctx: AuthContext, userId: string): Promise<void> {
  await commitWhatever(ctx.db, async (tx) => {
    await endAllSessions(tx, userId);
    await recordAudit(tx, {
      action: "auth.signed_out_everywhere",
      severity: "Warning",
      actorId: userId,
      entity: "user",
      entityId: userId,
    });
  });
}
