import { recordAudit } from "@/lib/audit/record";
import { enqueueMail } from "@/lib/mail/outbox";
import { letterFor } from "@/lib/mail/recipient-language";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { AuthContext } from "./context";
import { checkNewPassword, markEmailVerified, replacePassword } from "./credentials";
import { AuthErrors } from "./errors";
import { consumeOneTimeToken, issueOneTimeToken, peekOneTimeToken } from "./one-time-tokens";
import { hashPassword } from "./password";
import { findUserByEmail, findUserById } from "./user-repository";

const RESET_LINK_MINUTES = 30;

/**
 * Forgot password: emails a single-use reset link when the address belongs to an account that may
 * sign in. The answer is the same either way, so the endpoint reveals nothing about who has an account.
 */
export async function requestPasswordReset(ctx: AuthContext, email: string): Promise<void> {
  const db = ctx.db;
  const user = await findUserByEmail(db, email);
  if (!user?.isActive || user.blacklistedAt) return;
  const letter = await letterFor(db, ctx.config, user);
  await commitWhatever(db, async (tx) => {
    const token = await issueOneTimeToken(tx, user.id, "reset_password", RESET_LINK_MINUTES);
    const resetUrl = new URL(`/reset-password?token=${token}`, ctx.config.APP_URL).toString();
    await enqueueMail(tx, {
      template: "password-reset",
      to: user.email,
      props: { ...letter, name: user.firstName, resetUrl, expiresInMinutes: RESET_LINK_MINUTES },
    });
    await recordAudit(tx, {
      action: "auth.password_reset_requested",
      severity: "Info",
      entity: "user",
      entityId: user.id,
    });
  });
}

/** Sets a new password from a reset link; the link works once, and proves the email address too. */
export async function resetPassword(
  ctx: AuthContext,
  input: { token: string; newPassword: string },
): Promise<Result<void>> {
  const db = ctx.db;
  const userId = await peekOneTimeToken(db, input.token, "reset_password");
  const user = userId ? await findUserById(db, userId) : null;
  if (!user) return fail(AuthErrors.invalidLink);
  const weak = await checkNewPassword(db, input.newPassword, user, "newPassword");
  if (weak) return fail(weak);
  const passwordHash = await hashPassword(input.newPassword);
  return commitWhatever(db, async (tx) => {
    if ((await consumeOneTimeToken(tx, input.token, "reset_password")) !== user.id) return fail(AuthErrors.invalidLink);
    await replacePassword(tx, ctx.keys, user, passwordHash);
    await markEmailVerified(tx, user.id);
    await recordAudit(tx, {
      action: "auth.password_reset",
      severity: "Warning",
      actorId: user.id,
      entity: "user",
      entityId: user.id,
    });
    return ok(undefined);
  });
}
