import { sql } from "drizzle-orm";
import { type AuditEntry, recordAudit } from "@/lib/audit/record";
import { enqueueMail } from "@/lib/mail/outbox";
import { letterFor } from "@/lib/mail/recipient-language";
import { executeRows } from "@/lib/platform/db/rows";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { fail, ok, type Result } from "@/lib/platform/result";
import { ACCOUNT_ANSWER_FLOOR_MS, answerNoSooner } from "./answer-floor";
import type { AuthContext } from "./context";
import { checkNewPassword, markEmailVerified, replacePassword } from "./credentials";
import { AuthErrors } from "./errors";
import { consumeOneTimeToken, issueOneTimeToken, type OneTimePurpose, peekOneTimeToken } from "./one-time-tokens";
import { hashPassword } from "./password";
import { findUserByEmail, findUserById } from "./user-repository";

const RESET_LINK_MINUTES = 30;

/** Reset links mailed to one account in an hour at most; more requests are answered alike and mail nothing. */
const RESETS_PER_HOUR = 3;

/**
 * Forgot password: emails a single-use reset link when the address belongs to an account that may sign in. The
 * answer is the same either way, and no sooner than ACCOUNT_ANSWER_FLOOR_MS, so the endpoint reveals nothing about who has an
 * account, by its answer or its timing. An account gets at most RESETS_PER_HOUR links an hour (each voids the one
 * before): fifteen requests queued fifteen mails, and the last link was the only one that worked.
 */
export function requestPasswordReset(ctx: AuthContext, email: string): Promise<void> {
  return answerNoSooner(ACCOUNT_ANSWER_FLOOR_MS, async () => {
    const db = ctx.db;
    const user = await findUserByEmail(db, email);
    if (!user?.isActive || user.blacklistedAt) return;
    const letter = await letterFor(db, ctx.config, user);
    await commitWhatever(db, async (tx) => {
      // The account's row locked, so parallel requests count one another.
      await tx.execute(sql`select 1 from users where id = ${user.id} for update`);
      const [recent] = await executeRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from one_time_tokens where user_id = ${user.id} and purpose = 'reset_password'
          and created_at > now() - interval '1 hour'`,
      );
      if ((recent?.n ?? 0) >= RESETS_PER_HOUR) return;
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
  });
}

/** An emailed link that lets its holder choose the account's password, and how following it is audited. */
type PasswordLink = {
  purpose: Extract<OneTimePurpose, "reset_password" | "accept_invitation">;
  audit: { action: string; severity: AuditEntry["severity"] };
};

const RESET_LINK: PasswordLink = {
  purpose: "reset_password",
  audit: { action: "auth.password_reset", severity: "Warning" },
};

/**
 * Sets the password from an emailed link (a reset, a staff invitation): the link works once, and proves the email
 * address too. The password is checked against its owner before the link is used up, so a weak one costs no link.
 */
export async function setPasswordFromLink(
  ctx: AuthContext,
  input: { token: string; newPassword: string },
  link: PasswordLink,
): Promise<Result<void>> {
  const db = ctx.db;
  const userId = await peekOneTimeToken(db, input.token, link.purpose);
  const user = userId ? await findUserById(db, userId) : null;
  if (!user) return fail(AuthErrors.invalidLink);
  const weak = await checkNewPassword(db, input.newPassword, user, "newPassword");
  if (weak) return fail(weak);
  const passwordHash = await hashPassword(input.newPassword);
  return commitWhatever(db, async (tx) => {
    if ((await consumeOneTimeToken(tx, input.token, link.purpose)) !== user.id) return fail(AuthErrors.invalidLink);
    await replacePassword(tx, ctx.keys, user, passwordHash);
    await markEmailVerified(tx, user.id);
    await recordAudit(tx, { ...link.audit, actorId: user.id, entity: "user", entityId: user.id });
    return ok(undefined);
  });
}

/** Sets a new password from a reset link. */
export function resetPassword(ctx: AuthContext, input: { token: string; newPassword: string }): Promise<Result<void>> {
  return setPasswordFromLink(ctx, input, RESET_LINK);
}
