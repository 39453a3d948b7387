import { and, eq, isNull, sql } from "drizzle-orm";
import type { AuthKeys } from "@/lib/platform/auth-keys";
import type { Executor } from "@/lib/platform/db";
import { nextVersion } from "@/lib/platform/db/row-version";
import { users } from "@/lib/platform/db/schema";
import { type BusinessError, invalidFields } from "@/lib/platform/result";
import { getPlatformSettings } from "@/lib/settings/platform-settings";
import { getPasswordPolicy, passwordPolicyViolations } from "./password-policy";
import { accountThrottleKeys, clearThrottles } from "./password-throttle";
import { revokeAllSessions } from "./refresh";

/**
 * The policy check every password set goes through, with the owner's names and the club's as forbidden words;
 * the violations come back as field errors of `field`.
 */
export async function checkNewPassword(
  executor: Executor,
  password: string,
  owner: { email: string; username: string; firstName: string; lastName: string },
  field: string,
): Promise<BusinessError | null> {
  const policy = await getPasswordPolicy(executor);
  const clubName = (await getPlatformSettings(executor))?.platformName;
  const violations = await passwordPolicyViolations(policy, password, { owner, clubName });
  return violations.length > 0 ? invalidFields({ [field]: violations }) : null;
}

/**
 * Ends a user's access now: every refresh token is revoked and every access token refused
 * (the session version they carry is no longer current). Returns the new version.
 */
export async function endAllSessions(tx: Executor, userId: string): Promise<number> {
  const [bumped] = await tx
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  await revokeAllSessions(tx, userId);
  return bumped?.sessionVersion ?? 0;
}

/**
 * Stores a password the user chose themselves: clears mustChangePassword and the guesses counted against the old
 * one (a reset is how an owner gets past a stranger's throttling), and ends every existing session, since whoever
 * knew the old password may hold one. Returns the new session version.
 */
export async function replacePassword(
  tx: Executor,
  keys: AuthKeys,
  user: { id: string; email: string },
  passwordHash: string,
): Promise<number> {
  await tx
    .update(users)
    .set({ passwordHash, mustChangePassword: false, updatedAt: new Date(), version: nextVersion(users.version) })
    .where(eq(users.id, user.id));
  await clearThrottles(tx, accountThrottleKeys(keys, user));
  return endAllSessions(tx, user.id);
}

/** A sign-up's own password, carried by its link until the link was followed (lib/auth/registration.ts). */
export async function applySignUpPassword(tx: Executor, userId: string, passwordHash: string): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash, updatedAt: new Date(), version: nextVersion(users.version) })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

/** Following an emailed link proves the address. */
export async function markEmailVerified(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ emailVerifiedAt: new Date(), version: nextVersion(users.version) })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}
