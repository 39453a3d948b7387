import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { AuthContext } from "@/lib/auth/context";
import { issueOneTimeToken, peekOneTimeToken } from "@/lib/auth/one-time-tokens";
import { setPasswordFromLink } from "@/lib/auth/recovery";
import { findUserById } from "@/lib/auth/user-repository";
import { enqueueMail } from "@/lib/mail/outbox";
import { letterFor } from "@/lib/mail/recipient-language";
import type { Executor, Transaction } from "@/lib/platform/db";
import { nextVersion } from "@/lib/platform/db/row-version";
import { users } from "@/lib/platform/db/schema";
import type { Result } from "@/lib/platform/result";
import type { Actor, ServiceContext } from "@/lib/services/context";

/** A week: long enough to reach someone who is off for a few days, short enough that a forgotten link dies. */
const INVITATION_DAYS = 7;

/** Who is invited: the account's id, address and first name. */
type Invitee = { id: string; email: string; firstName: string };

export type Invitation = { sentTo: string; expiresAt: Date };

const fullNameOf = async (executor: Executor, userId: string) => {
  const user = await findUserById(executor, userId);
  return user ? `${user.firstName} ${user.lastName}` : null;
};

/**
 * Emails `invitee` a link to choose their password, in the caller's transaction: a new single-use token (stored only
 * as its hash; the previous invitation's link stops working), the mail, `invitedAt` and the `staff.invited` audit entry.
 */
export async function sendInvitation(
  tx: Transaction,
  ctx: Pick<ServiceContext, "config"> & { actor: Actor },
  invitee: Invitee,
  audit: { action: "staff.invited" | "staff.invitation_resent"; data?: Record<string, unknown> },
): Promise<Invitation> {
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60_000);
  const token = await issueOneTimeToken(tx, invitee.id, "accept_invitation", INVITATION_DAYS * 24 * 60);
  const acceptUrl = new URL(`/accept-invitation?token=${token}`, ctx.config.APP_URL).toString();
  const letter = await letterFor(tx, ctx.config, invitee);
  const invitedBy = await fullNameOf(tx, ctx.actor.id);
  await enqueueMail(tx, {
    template: "staff-invitation",
    to: invitee.email,
    props: {
      ...letter,
      name: invitee.firstName,
      invitedBy: invitedBy ?? letter.clubName,
      acceptUrl,
      expiresInDays: INVITATION_DAYS,
    },
  });
  await tx
    .update(users)
    .set({ invitedAt: new Date(), version: nextVersion(users.version) })
    .where(eq(users.id, invitee.id));
  await recordAudit(tx, {
    action: audit.action,
    severity: "Info",
    actorId: ctx.actor.id,
    entity: "user",
    entityId: invitee.id,
    data: { email: invitee.email, expiresAt: expiresAt.toISOString(), ...audit.data },
  });
  return { sentTo: invitee.email, expiresAt };
}

/** The condition of an account whose invitation is still to be accepted (docs/api.md, Staff invitations). */
export const invitationPending = and(
  isNotNull(users.invitedAt),
  isNull(users.emailVerifiedAt),
  eq(users.isActive, true),
  isNull(users.blacklistedAt),
);

/** Whom a live invitation link is for, without using it up: the acceptance page greets them and signs them in. */
export async function findInvitation(
  ctx: Pick<ServiceContext, "db">,
  token: string,
): Promise<{ email: string; firstName: string } | null> {
  const userId = await peekOneTimeToken(ctx.db, token, "accept_invitation");
  const user = userId ? await findUserById(ctx.db, userId) : null;
  return user ? { email: user.email, firstName: user.firstName } : null;
}

/** The invited person chooses their password; the link works once and proves their address (they may sign in). */
export function acceptInvitation(
  ctx: AuthContext,
  input: { token: string; newPassword: string },
): Promise<Result<void>> {
  return setPasswordFromLink(ctx, input, {
    purpose: "accept_invitation",
    audit: { action: "staff.invitation_accepted", severity: "Info" },
  });
}
