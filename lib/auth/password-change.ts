import { recordAudit } from "@/lib/audit/record";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { tooManyRequests } from "@/lib/platform/http/rate-limit";
import { fail, invalidFields, ok, type Result } from "@/lib/platform/result";
import type { Principal } from "./authenticate";
import type { AuthContext } from "./context";
import { checkNewPassword, replacePassword } from "./credentials";
import { AuthErrors } from "./errors";
import { hashPassword, verifyPassword } from "./password";
import { getPasswordPolicy } from "./password-policy";
import { admitAttempt, clearThrottles, throttleKey } from "./password-throttle";
import { type Session, startSession } from "./session";
import { findUserById } from "./user-repository";

export type PasswordChange = { currentPassword: string; newPassword: string };

/** The answer while an account's current-password guesses must wait; documented on the route. */
export const passwordChangeThrottled = (retryAfterSeconds: number) =>
  tooManyRequests(retryAfterSeconds, "wrong current passwords");

/**
 * The signed-in user replaces their password (also the forced step when mustChangePassword is set).
 * Every other session ends; the caller gets a fresh one so they stay signed in. Whoever holds a stolen access
 * token could guess the password here, so wrong current passwords are throttled like sign-ins.
 */
export async function changePassword(
  ctx: AuthContext,
  principal: Principal,
  change: PasswordChange,
  userAgent: string | null,
): Promise<Result<Session>> {
  const db = ctx.db;
  const user = await findUserById(db, principal.id);
  if (!user) return fail(AuthErrors.tokenRevoked);
  const throttle = throttleKey(ctx.keys, { kind: "change-password", userId: user.id });
  const admission = await admitAttempt(db, throttle, await getPasswordPolicy(db));
  if (!admission.admitted) return fail(passwordChangeThrottled(admission.retryAfterSeconds));
  if (!(await verifyPassword(change.currentPassword, user.passwordHash)).valid) {
    if (admission.delaySeconds > 0) {
      await recordAudit(db, {
        action: "auth.password_change_throttled",
        severity: "Warning",
        actorId: user.id,
        entity: "user",
        entityId: user.id,
        data: { nextAttemptInSeconds: admission.delaySeconds },
      });
    }
    return fail(AuthErrors.invalidCurrentPassword);
  }
  // The right current password: a refused new one is no guess, so it never runs into the throttle.
  await clearThrottles(db, [throttle]);
  if (change.newPassword === change.currentPassword) {
    return fail(invalidFields({ newPassword: ["Choose a password different from the current one."] }));
  }
  const weak = await checkNewPassword(db, change.newPassword, user, "newPassword");
  if (weak) return fail(weak);

  const passwordHash = await hashPassword(change.newPassword);
  const session = await commitWhatever(db, async (tx) => {
    const sessionVersion = await replacePassword(tx, ctx.keys, user, passwordHash);
    await recordAudit(tx, {
      action: "auth.password_changed",
      severity: "Info",
      actorId: user.id,
      entity: "user",
      entityId: user.id,
    });
    return startSession(ctx, tx, { ...principal, mustChangePassword: false, sessionVersion }, { userAgent });
  });
  return ok(session);
}
