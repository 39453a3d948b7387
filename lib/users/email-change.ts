import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { endAllSessions } from "@/lib/auth/credentials";
import { AuthErrors } from "@/lib/auth/errors";
import { consumeEmailChangeToken, issueOneTimeToken } from "@/lib/auth/one-time-tokens";
import type { UserAccess } from "@/lib/auth/user-access";
import { findUserByEmail, findUserById } from "@/lib/auth/user-repository";
import type { Config } from "@/lib/config";
import { enqueueMail } from "@/lib/mail/outbox";
import { type LetterConfig, letterFor } from "@/lib/mail/recipient-language";
import type { Executor } from "@/lib/platform/db";
import { nextVersion } from "@/lib/platform/db/row-version";
import { users } from "@/lib/platform/db/schema";
import { rollbackOnFailure } from "@/lib/platform/db/transaction";
import { type BusinessError, fail, ok, type Result } from "@/lib/platform/result";
import type { ServiceContext } from "@/lib/services/context";
import { UserErrors } from "./errors";
import { uniqueAccount } from "./unique-account";

const EMAIL_CHANGE_LINK_HOURS = 24;

/** Emails are one address whatever their case (the unique index is on lower(email)). */
export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Staff changing an account's email only propose it: the account keeps its address (so forgot-password still mails
 * the old one) until the new address confirms with a single-use link, and the old address is told at once. An edit
 * alone can therefore never redirect a reset link. A newer request voids the older link. Answers why not, or null.
 */
export async function requestEmailChange(
  tx: Executor,
  config: Pick<Config, "APP_URL"> & LetterConfig,
  actorId: string,
  target: Pick<UserAccess, "id" | "email" | "firstName">,
  newEmail: string,
): Promise<BusinessError | null> {
  const owner = await findUserByEmail(tx, newEmail);
  if (owner && owner.id !== target.id) return UserErrors.duplicateEmail;
  const letter = await letterFor(tx, config, target);
  const token = await issueOneTimeToken(tx, target.id, "change_email", EMAIL_CHANGE_LINK_HOURS * 60, { newEmail });
  const confirmUrl = new URL(`/confirm-email-change?token=${token}`, config.APP_URL).toString();
  await enqueueMail(tx, {
    template: "email-change-confirmation",
    to: newEmail,
    props: { ...letter, name: target.firstName, confirmUrl, expiresInHours: EMAIL_CHANGE_LINK_HOURS },
  });
  await enqueueMail(tx, {
    template: "email-change-notice",
    to: target.email,
    props: { ...letter, name: target.firstName, newEmail, stage: "requested" },
  });
  await recordAudit(tx, {
    action: "users.email_change_requested",
    severity: "Warning",
    actorId,
    entity: "user",
    entityId: target.id,
    data: { from: target.email, to: newEmail },
  });
  return null;
}

/**
 * The new address followed its link: the change takes effect (the address is verified by it), every session of the
 * account ends, and the old address is told. If another account took the address meanwhile, nothing changes
 * (409 User.DuplicateEmail) and the link stays as it was.
 */
export async function confirmEmailChange(
  ctx: Pick<ServiceContext, "db" | "config">,
  token: string,
): Promise<Result<void>> {
  const confirmed = await uniqueAccount(() =>
    rollbackOnFailure(ctx.db, async (tx) => {
      const change = await consumeEmailChangeToken(tx, token);
      const user = change ? await findUserById(tx, change.userId) : null;
      if (!change || !user) return fail(AuthErrors.invalidLink);
      const now = new Date();
      await tx
        .update(users)
        .set({ email: change.newEmail, emailVerifiedAt: now, updatedAt: now, version: nextVersion(users.version) })
        .where(eq(users.id, user.id));
      await endAllSessions(tx, user.id);
      await enqueueMail(tx, {
        template: "email-change-notice",
        to: user.email,
        props: {
          ...(await letterFor(tx, ctx.config, user)),
          name: user.firstName,
          newEmail: change.newEmail,
          stage: "confirmed",
        },
      });
      await recordAudit(tx, {
        action: "users.email_changed",
        severity: "Warning",
        actorId: user.id,
        entity: "user",
        entityId: user.id,
        data: { from: user.email, to: change.newEmail },
      });
      return ok(undefined);
    }),
  );
  return confirmed;
}
