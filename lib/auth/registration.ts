import { recordAudit } from "@/lib/audit/record";
import { enqueueMail } from "@/lib/mail/outbox";
import { type Letter, letterFor } from "@/lib/mail/recipient-language";
import type { Executor } from "@/lib/platform/db";
import { userRoles, users } from "@/lib/platform/db/schema";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { violatedUniqueConstraint } from "@/lib/platform/errors";
import { fail, ok, type Result } from "@/lib/platform/result";
import { findRolesByName } from "@/lib/roles/repository";
import { getSetupStatus } from "@/lib/settings/setup-status";
import type { NewAccount } from "./account-schema";
import { ACCOUNT_ANSWER_FLOOR_MS, answerNoSooner } from "./answer-floor";
import type { AuthContext } from "./context";
import { checkNewPassword, markEmailVerified } from "./credentials";
import { AuthErrors } from "./errors";
import { consumeOneTimeToken, issueOneTimeToken } from "./one-time-tokens";
import { hashPassword } from "./password";
import { findUserByEmail, newUserValues, type UserRow } from "./user-repository";

const VERIFY_LINK_MINUTES = 24 * 60;
/** At most one "you already have an account" or "username taken" mail per address and hour, however often it is tried. */
const NOTICE_PERIOD_MS = 60 * 60 * 1000;

/** The applicant has no account (and so no language) yet: their mail is in the club's language. */
type Notice = { ctx: AuthContext; account: NewAccount; letter: Letter };

const noticeKey = (kind: string, email: string) =>
  `${kind}:${email.trim().toLowerCase()}:${Math.floor(Date.now() / NOTICE_PERIOD_MS)}`;

/**
 * Self-service sign-up: a User-role account that can log in once its email is confirmed. Every outcome answers the
 * same 202, no sooner than ACCOUNT_ANSWER_FLOOR_MS, so sign-up reveals neither which emails have an account nor, through its
 * timing, which branch ran. The applicant learns what happened by mail at the address
 * given: a confirmation link, "you already have an account", or "choose another username".
 */
export function register(ctx: AuthContext, account: NewAccount): Promise<Result<void>> {
  return answerNoSooner(ACCOUNT_ANSWER_FLOOR_MS, async () => {
    const db = ctx.db;
    if ((await getSetupStatus(db)) === "incomplete") return fail(AuthErrors.setupIncomplete);
    const weak = await checkNewPassword(db, account.password, account, "password");
    if (weak) return fail(weak);

    const passwordHash = await hashPassword(account.password);
    const notice: Notice = { ctx, account, letter: await letterFor(db, ctx.config, account) };
    const existing = await findUserByEmail(db, account.email);
    if (existing) await commitWhatever(db, (tx) => tellAccountExists(tx, notice, existing));
    else await createAccount(notice, passwordHash);
    return ok(undefined);
  });
}

async function createAccount(notice: Notice, passwordHash: string): Promise<void> {
  const { ctx, account, letter } = notice;
  const db = ctx.db;
  try {
    await commitWhatever(db, async (tx) => {
      const [user] = await tx.insert(users).values(newUserValues(account, passwordHash)).returning({ id: users.id });
      if (!user) throw new Error("insert returned no user");
      const [userRole] = await findRolesByName(tx, ["User"]);
      if (userRole) await tx.insert(userRoles).values({ userId: user.id, roleId: userRole.id });
      const token = await issueOneTimeToken(tx, user.id, "verify_email", VERIFY_LINK_MINUTES);
      const verifyUrl = new URL(`/verify-email?token=${token}`, ctx.config.APP_URL).toString();
      await enqueueMail(tx, {
        template: "email-verification",
        to: account.email,
        props: { ...letter, name: account.firstName, verifyUrl },
      });
      await recordAudit(tx, {
        action: "auth.registered",
        severity: "Info",
        actorId: user.id,
        entity: "user",
        entityId: user.id,
      });
    });
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === "users_username_key") {
      await commitWhatever(db, (tx) =>
        enqueueMail(tx, {
          template: "username-taken",
          to: account.email,
          props: { ...letter, name: account.firstName, username: account.username },
          dedupeKey: noticeKey("username-taken", account.email),
        }),
      );
      return;
    }
    // A parallel sign-up with this email won.
    const winner = constraint === "users_email_key" ? await findUserByEmail(db, account.email) : null;
    if (!winner) throw error;
    await commitWhatever(db, (tx) => tellAccountExists(tx, notice, winner));
  }
}

/** The owner of the address hears of the attempt, with the ways back into their account; nothing else changes. */
async function tellAccountExists(tx: Executor, { ctx }: Notice, owner: UserRow): Promise<void> {
  const queued = await enqueueMail(tx, {
    template: "account-exists",
    to: owner.email,
    props: {
      ...(await letterFor(tx, ctx.config, owner)),
      name: owner.firstName,
      signInUrl: new URL("/login", ctx.config.APP_URL).toString(),
      forgotPasswordUrl: new URL("/forgot-password", ctx.config.APP_URL).toString(),
    },
    dedupeKey: noticeKey("account-exists", owner.email),
  });
  if (queued)
    await recordAudit(tx, {
      action: "auth.registration_for_existing_email",
      severity: "Info",
      entity: "user",
      entityId: owner.id,
    });
}

/** Confirms the address from the emailed link; single use. */
export async function verifyEmail(ctx: AuthContext, token: string): Promise<Result<void>> {
  return commitWhatever(ctx.db, async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, "verify_email");
    if (!userId) return fail(AuthErrors.invalidLink);
    await markEmailVerified(tx, userId);
    await recordAudit(tx, {
      action: "auth.email_verified",
      severity: "Info",
      actorId: userId,
      entity: "user",
      entityId: userId,
    });
    return ok(undefined);
  });
}
