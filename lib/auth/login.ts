import { eq, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { users } from "@/lib/platform/db/schema";
import { fail, ok, type Result } from "@/lib/platform/result";
import { loadUserAccess } from "@/lib/users/access";
import { findUserByEmail } from "@/lib/users/repository";
import type { AuthContext } from "./context";
import { AuthErrors } from "./errors";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./password";
import { getPasswordPolicy } from "./password-policy";
import { startSession, type Session } from "./session";

export type Credentials = { email: string; password: string };

/**
 * Spec 4.6 login. An unknown email, a wrong password and a locked account give the same answer in
 * about the same time (a decoy hash is checked), so the endpoint never reveals who has an account.
 * Blocked, deactivated and unverified accounts are named only after the right password.
 */
export async function login(ctx: AuthContext, credentials: Credentials, userAgent: string | null): Promise<Result<Session>> {
  const db = ctx.database.db;
  const user = await findUserByEmail(db, credentials.email);
  if (!user || (user.lockedUntil && user.lockedUntil > new Date())) {
    await verifyAgainstDecoy(credentials.password);
    return fail(AuthErrors.invalidCredentials);
  }
  const check = await verifyPassword(credentials.password, user.passwordHash);
  if (!check.valid) {
    await recordFailedLogin(ctx, user.id);
    return fail(AuthErrors.invalidCredentials);
  }
  if (user.blacklistedAt) return fail(AuthErrors.userBlocked);
  if (!user.isActive) return fail(AuthErrors.userDeactivated);
  if (!user.emailVerifiedAt) return fail(AuthErrors.emailNotVerified);

  // Raise the stored cost when PASSWORD_ITERATIONS has grown since this hash was made.
  const rehashed = check.needsRehash ? await hashPassword(credentials.password) : undefined;
  return ok(
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: new Date(), ...(rehashed ? { passwordHash: rehashed } : {}) })
        .where(eq(users.id, user.id));
      await recordAudit(tx, { action: "auth.login", severity: "Info", actorId: user.id, entity: "user", entityId: user.id });
      const access = await loadUserAccess(tx, user.id);
      if (!access) throw new Error(`user ${user.id} vanished during login`);
      return startSession(ctx, tx, access, { userAgent });
    }),
  );
}

/** Counts the failure in one statement (no lost updates under parallel guesses) and locks the account at the policy's limit. */
async function recordFailedLogin(ctx: AuthContext, userId: string): Promise<void> {
  const policy = await getPasswordPolicy(ctx.database.db);
  await ctx.database.db.transaction(async (tx) => {
    const [counted] = await tx
      .update(users)
      .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
      .where(eq(users.id, userId))
      .returning({ failedLoginCount: users.failedLoginCount });
    const locked = (counted?.failedLoginCount ?? 0) >= policy.maxFailedAttempts;
    if (locked) {
      await tx
        .update(users)
        .set({ failedLoginCount: 0, lockedUntil: new Date(Date.now() + policy.lockoutMinutes * 60_000) })
        .where(eq(users.id, userId));
    }
    await recordAudit(tx, {
      action: locked ? "auth.account_locked" : "auth.login_failed",
      severity: "Warning",
      actorId: null,
      entity: "user",
      entityId: userId,
      data: locked ? { lockoutMinutes: policy.lockoutMinutes } : {},
    });
  });
}
