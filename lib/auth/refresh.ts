import { and, eq, gt, isNull } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { Executor } from "@/lib/platform/db";
import { refreshTokens } from "@/lib/platform/db/schema";
import { fail, ok, type Result } from "@/lib/platform/result";
import { loadUserAccess } from "@/lib/users/access";
import type { AuthContext } from "./context";
import { AuthErrors } from "./errors";
import { hashOpaqueToken } from "./opaque-token";
import { startSession, type Session } from "./session";

/**
 * Spec 5.3 refresh with rotation: the presented token is retired and a new one of the same family
 * issued. Retiring is one conditional UPDATE, so of two parallel refreshes with one token exactly one
 * wins. A retired token presented again means it was copied: the whole family is revoked.
 */
export async function refreshSession(ctx: AuthContext, token: string, userAgent: string | null): Promise<Result<Session>> {
  const tokenHash = hashOpaqueToken(token);
  return ctx.database.db.transaction(async (tx) => {
    const [rotated] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
    if (!rotated) return fail(await explainRejectedToken(tx, tokenHash));
    const user = await loadUserAccess(tx, rotated.userId);
    if (!user || !user.isActive || user.blacklistedAt) {
      await revokeFamily(tx, rotated.familyId);
      return fail(AuthErrors.tokenRevoked);
    }
    return ok(await startSession(ctx, tx, user, { familyId: rotated.familyId, userAgent }));
  });
}

async function explainRejectedToken(tx: Executor, tokenHash: string) {
  const [known] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  if (!known || known.revokedAt || !known.rotatedAt) return AuthErrors.invalidRefreshToken;
  await revokeFamily(tx, known.familyId);
  await recordAudit(tx, {
    action: "auth.refresh_token_reused",
    severity: "Warning",
    actorId: null,
    entity: "user",
    entityId: known.userId,
    data: { familyId: known.familyId },
  });
  return AuthErrors.refreshTokenReused;
}

async function revokeFamily(tx: Executor, familyId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user (blacklist, deactivation, password change or reset). */
export async function revokeAllSessions(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Logout: ends the login the refresh token belongs to. Unknown tokens are ignored (logout is idempotent). */
export async function revokeRefreshTokenFamily(ctx: AuthContext, token: string): Promise<void> {
  const [known] = await ctx.database.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(token)));
  if (known) await revokeFamily(ctx.database.db, known.familyId);
}
