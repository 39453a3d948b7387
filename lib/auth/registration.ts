import { and, eq, isNull, sql } from "drizzle-orm";
import { auditRowsFrom, recordAudit } from "@/lib/audit/record";
import { enqueueMail } from "@/lib/mail/outbox";
import { type Letter, letterFor } from "@/lib/mail/recipient-language";
import type { Executor } from "@/lib/platform/db";
import { executeRows } from "@/lib/platform/db/rows";
import { userRoles, users } from "@/lib/platform/db/schema";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { violatedUniqueConstraint } from "@/lib/platform/errors";
import { fail, ok, type Result } from "@/lib/platform/result";
import { findRolesByName } from "@/lib/roles/repository";
import { getSetupStatus } from "@/lib/settings/setup-status";
import type { NewAccount } from "./account-schema";
import { ACCOUNT_ANSWER_FLOOR_MS, answerNoSooner } from "./answer-floor";
import type { AuthContext } from "./context";
import { applySignUpPassword, checkNewPassword, markEmailVerified } from "./credentials";
import { AuthErrors } from "./errors";
import { consumeVerificationToken, issueOneTimeToken } from "./one-time-tokens";
import { hashPassword, unusablePasswordHash } from "./password";
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
  // Closed unless the operator opened it: a staff back office's accounts come from invitations (docs/api.md).
  if (!ctx.config.REGISTRATION_ENABLED) return Promise.resolve(fail(AuthErrors.registrationDisabled));
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

/**
 * The account waits for its address to be proven: it holds a password nobody knows, and the applicant's own travels on
 * the emailed link, applied when it is followed (verifyEmail). Until then staff cannot give it a role, an invitation
 * or a staff-made account for the address replaces it (discardUnconfirmedSignUp), and once the link has expired it is
 * deleted (purgeExpiredSignUps): whoever typed someone else's address keeps nothing of it.
 */
async function createAccount(notice: Notice, passwordHash: string): Promise<void> {
  const { ctx, account, letter } = notice;
  const db = ctx.db;
  const unusable = await unusablePasswordHash();
  try {
    await commitWhatever(db, async (tx) => {
      const [user] = await tx.insert(users).values(newUserValues(account, unusable)).returning({ id: users.id });
      if (!user) throw new Error("insert returned no user");
      const [userRole] = await findRolesByName(tx, ["User"]);
      if (userRole) await tx.insert(userRoles).values({ userId: user.id, roleId: userRole.id });
      const token = await issueOneTimeToken(tx, user.id, "verify_email", VERIFY_LINK_MINUTES, { passwordHash });
      const verifyUrl = new URL(`/verify-email?token=${token}`, ctx.config.APP_URL).toString();
      await enqueueMail(tx, { template: "email-verification", to: account.email, props: { ...letter, verifyUrl } });
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
          props: letter,
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

/** Confirms the address from the emailed link, single use; a sign-up's password applies from now. */
export async function verifyEmail(ctx: AuthContext, token: string): Promise<Result<void>> {
  return commitWhatever(ctx.db, async (tx) => {
    const used = await consumeVerificationToken(tx, token);
    if (!used) return fail(AuthErrors.invalidLink);
    const { userId, passwordHash } = used;
    if (passwordHash) await applySignUpPassword(tx, userId, passwordHash);
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

/** A sign-up whose address is unproven: it signed itself up (staff never invited it) and no link was followed. */
const unconfirmedSignUp = and(isNull(users.invitedAt), isNull(users.emailVerifiedAt));

/** Whether the account `userId` is an unconfirmed sign-up, which staff may not give a role (lib/users/admin.ts). */
export async function isUnconfirmedSignUp(executor: Executor, userId: string): Promise<boolean> {
  const [found] = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), unconfirmedSignUp));
  return found !== undefined;
}

/**
 * Deletes the unconfirmed sign-up holding `email`, if there is one, in the caller's transaction, before staff make an
 * account for that address: the applicant's password, link and role go with it (one_time_tokens and user_roles
 * cascade). The address's owner gets the staff's invitation; a link followed later finds nothing.
 */
export async function discardUnconfirmedSignUp(tx: Executor, email: string, actorId: string): Promise<void> {
  const discarded = await tx
    .delete(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, unconfirmedSignUp))
    .returning({ id: users.id });
  for (const { id } of discarded)
    await recordAudit(tx, {
      action: "auth.sign_up_discarded",
      severity: "Info",
      actorId,
      entity: "user",
      entityId: id,
      data: { reason: "replaced_by_staff_account" },
    });
}

/**
 * The hourly job: deletes unconfirmed sign-ups whose link has expired (made over VERIFY_LINK_MINUTES ago, no live link
 * left), with an `auth.sign_up_purged` entry each, in one statement.
 */
export async function purgeExpiredSignUps(db: Executor): Promise<{ purged: number }> {
  const expired = sql`with purged as (
      delete from users
      where invited_at is null and email_verified_at is null
        and created_at < now() - make_interval(mins => ${VERIFY_LINK_MINUTES})
        and not exists (
          select 1 from one_time_tokens t
          where t.user_id = users.id and t.purpose = 'verify_email' and t.used_at is null and t.expires_at > now())
      returning id),
    audited as (${auditRowsFrom(sql`purged`, sql`purged.id`, {
      action: "auth.sign_up_purged",
      severity: "Info",
      entity: "user",
      data: { reason: "link_expired" },
    })})
    select count(*)::int as purged from purged`;
  const [row] = await executeRows<{ purged: number }>(db, expired);
  return { purged: row?.purged ?? 0 };
}
