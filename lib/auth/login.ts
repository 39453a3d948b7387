import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { Config } from "@/lib/config";
import type { Executor } from "@/lib/platform/db";
import { nextVersion } from "@/lib/platform/db/row-version";
import { users } from "@/lib/platform/db/schema";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { clientIp } from "@/lib/platform/http/client-ip";
import { tooManyRequests } from "@/lib/platform/http/rate-limit";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { AuthContext } from "./context";
import { AuthErrors } from "./errors";
import { pendingSignUpPassword } from "./one-time-tokens";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./password";
import { getPasswordPolicy } from "./password-policy";
import { admitAttempt, clearThrottles, isKnownAddress, rememberAddress, throttleKey } from "./password-throttle";
import { type Session, startSession } from "./session";
import { loadUserAccess } from "./user-access";
import { findUserByEmail, type UserRow } from "./user-repository";

export type Credentials = { email: string; password: string };

/** Where a sign-in comes from: the client address (lib/platform/http/client-ip.ts) and its User-Agent. */
export type SignInOrigin = { address: string; userAgent: string | null };

export function signInOrigin(headers: Headers, config: Config): SignInOrigin {
  return { address: clientIp(headers, config.TRUSTED_PROXY_HOPS), userAgent: headers.get("user-agent") };
}

/** The answer while an email's guesses must wait (docs/api.md, Login throttling). */
export const signInThrottled = (retryAfterSeconds: number) =>
  tooManyRequests(retryAfterSeconds, "failed sign-ins for this email");

/**
 * A sign-up waiting for its link is checked against the password it chose, which the link carries (the account's own
 * is nobody's until then): the right one is told to confirm the address first, as before. One hash either way.
 */
async function passwordToCheck(db: Executor, user: UserRow): Promise<string> {
  if (user.emailVerifiedAt) return user.passwordHash;
  return (await pendingSignUpPassword(db, user.id)) ?? user.passwordHash;
}

/**
 * Spec 4.6 login. An unknown email and a wrong password give the same answer in about the same time (a decoy hash
 * is checked), and both are throttled alike, so the endpoint never reveals who has an account. Blocked, deactivated
 * and unverified accounts are named only after the right password.
 */
export async function login(
  ctx: AuthContext,
  credentials: Credentials,
  origin: SignInOrigin,
): Promise<Result<Session>> {
  const db = ctx.db;
  const user = await findUserByEmail(db, credentials.email);
  const fromKnownAddress = user !== null && (await isKnownAddress(db, ctx.keys, user.id, origin.address));
  const throttle = throttleKey(ctx.keys, { kind: "sign-in", email: credentials.email, fromKnownAddress });
  const admission = await admitAttempt(db, throttle, await getPasswordPolicy(db));
  if (!admission.admitted) return fail(signInThrottled(admission.retryAfterSeconds));
  if (!user) {
    await verifyAgainstDecoy(credentials.password);
    return fail(AuthErrors.invalidCredentials);
  }
  const check = await verifyPassword(credentials.password, await passwordToCheck(db, user));
  if (!check.valid) {
    await recordAudit(db, {
      action: admission.delaySeconds > 0 ? "auth.login_throttled" : "auth.login_failed",
      severity: "Warning",
      actorId: null,
      entity: "user",
      entityId: user.id,
      data: {
        fromKnownAddress,
        ...(admission.delaySeconds > 0 ? { nextAttemptInSeconds: admission.delaySeconds } : {}),
      },
    });
    return fail(AuthErrors.invalidCredentials);
  }
  await clearThrottles(db, [throttle]);
  if (user.blacklistedAt) return fail(AuthErrors.userBlocked);
  if (!user.isActive) return fail(AuthErrors.userDeactivated);
  if (!user.emailVerifiedAt) return fail(AuthErrors.emailNotVerified);

  // Raise the stored cost when PASSWORD_ITERATIONS has grown since this hash was made.
  const rehashed = check.needsRehash ? await hashPassword(credentials.password) : undefined;
  return ok(
    await commitWhatever(db, async (tx) => {
      await tx
        .update(users)
        .set({
          lastLoginAt: new Date(),
          version: nextVersion(users.version),
          ...(rehashed ? { passwordHash: rehashed } : {}),
        })
        .where(eq(users.id, user.id));
      await rememberAddress(tx, ctx.keys, user.id, origin.address);
      await recordAudit(tx, {
        action: "auth.login",
        severity: "Info",
        actorId: user.id,
        entity: "user",
        entityId: user.id,
      });
      const access = await loadUserAccess(tx, user.id);
      if (!access) throw new Error(`user ${user.id} vanished during login`);
      return startSession(ctx, tx, access, { userAgent: origin.userAgent });
    }),
  );
}
