import { recordAudit } from "@/lib/audit/record";
import { enqueueMail } from "@/lib/mail/outbox";
import { violatedUniqueConstraint } from "@/lib/platform/errors";
import { userRoles, users } from "@/lib/platform/db/schema";
import { fail, ok, type Result } from "@/lib/platform/result";
import { findRolesByName } from "@/lib/roles/repository";
import { getPlatformSettings } from "@/lib/setup/platform";
import { getSetupStatus } from "@/lib/setup/status";
import type { NewAccount } from "@/lib/users/schemas";
import { findUserByEmail } from "@/lib/users/repository";
import type { AuthContext } from "./context";
import { checkNewPassword, markEmailVerified } from "./credentials";
import { AuthErrors } from "./errors";
import { consumeOneTimeToken, issueOneTimeToken } from "./one-time-tokens";
import { hashPassword } from "./password";

const VERIFY_LINK_MINUTES = 24 * 60;

/**
 * Self-service sign-up: a User-role account that can log in once its email is confirmed.
 * An email that already has an account gets the same answer and no mail, so sign-up reveals
 * nothing about who is a member; a taken username is reported (usernames are not secret).
 */
export async function register(ctx: AuthContext, account: NewAccount): Promise<Result<void>> {
  const db = ctx.database.db;
  if ((await getSetupStatus(db)) === "incomplete") return fail(AuthErrors.setupIncomplete);
  const weak = await checkNewPassword(db, account.password, account, "password");
  if (weak) return fail(weak);
  if (await findUserByEmail(db, account.email)) return ok(undefined);

  const passwordHash = await hashPassword(account.password);
  const clubName = (await getPlatformSettings(db))?.platformName ?? "ClubOps";
  try {
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: account.email, username: account.username, firstName: account.firstName, lastName: account.lastName, passwordHash })
        .returning({ id: users.id });
      if (!user) throw new Error("insert returned no user");
      const [userRole] = await findRolesByName(tx, ["User"]);
      if (userRole) await tx.insert(userRoles).values({ userId: user.id, roleId: userRole.id });
      const token = await issueOneTimeToken(tx, user.id, "verify_email", VERIFY_LINK_MINUTES);
      const verifyUrl = new URL(`/verify-email?token=${token}`, ctx.config.APP_URL).toString();
      await enqueueMail(tx, { template: "email-verification", to: account.email, props: { name: account.firstName, verifyUrl, clubName } });
      await recordAudit(tx, { action: "auth.registered", severity: "Info", actorId: user.id, entity: "user", entityId: user.id });
    });
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === "users_username_key") return fail(AuthErrors.usernameTaken);
    if (constraint === "users_email_key") return ok(undefined); // a parallel sign-up with this email won
    throw error;
  }
  ctx.sendQueuedMail();
  return ok(undefined);
}

/** Confirms the address from the emailed link; single use. */
export async function verifyEmail(ctx: AuthContext, token: string): Promise<Result<void>> {
  return ctx.database.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, "verify_email");
    if (!userId) return fail(AuthErrors.invalidLink);
    await markEmailVerified(tx, userId);
    await recordAudit(tx, { action: "auth.email_verified", severity: "Info", actorId: userId, entity: "user", entityId: userId });
    return ok(undefined);
  });
}
