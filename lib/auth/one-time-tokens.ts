import { and, desc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { oneTimeTokens } from "@/lib/platform/db/schema";
import { hashOpaqueToken, newOpaqueToken } from "./opaque-token";

export type OneTimePurpose = (typeof oneTimeTokens.purpose.enumValues)[number];

const live = (tokenHash: string, purpose: OneTimePurpose) =>
  and(
    eq(oneTimeTokens.tokenHash, tokenHash),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, new Date()),
  );

/** What a link carries besides whose it is: the address a `change_email` link confirms, a sign-up's password. */
type LinkPayload = { newEmail?: string; passwordHash?: string };

/**
 * A new emailed link token; earlier unused ones of the same purpose stop working, so only the latest email counts.
 */
export async function issueOneTimeToken(
  tx: Executor,
  userId: string,
  purpose: OneTimePurpose,
  ttlMinutes: number,
  { newEmail, passwordHash }: LinkPayload = {},
): Promise<string> {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  const token = newOpaqueToken();
  await tx.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(Date.now() + ttlMinutes * 60_000),
    newEmail: newEmail ?? null,
    passwordHash: passwordHash ?? null,
  });
  return token;
}

/** Whose a live token is, without using it up (to check a new password against that user first). */
export async function peekOneTimeToken(
  executor: Executor,
  token: string,
  purpose: OneTimePurpose,
): Promise<string | null> {
  const [found] = await executor
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(live(hashOpaqueToken(token), purpose));
  return found?.userId ?? null;
}

/** Uses the token up in one conditional UPDATE: of two parallel uses exactly one gets its row. */
async function spendToken(tx: Executor, token: string, purpose: OneTimePurpose) {
  const [used] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(live(hashOpaqueToken(token), purpose))
    .returning({
      userId: oneTimeTokens.userId,
      newEmail: oneTimeTokens.newEmail,
      passwordHash: oneTimeTokens.passwordHash,
    });
  return used ?? null;
}

/** Uses the token up; answers whose it was, or null when it is unknown, used or expired. */
export async function consumeOneTimeToken(
  tx: Executor,
  token: string,
  purpose: OneTimePurpose,
): Promise<string | null> {
  return (await spendToken(tx, token, purpose))?.userId ?? null;
}

/** Uses a `verify_email` token up; answers whose it was and the password a sign-up chose, if it carries one. */
export async function consumeVerificationToken(
  tx: Executor,
  token: string,
): Promise<{ userId: string; passwordHash: string | null } | null> {
  const used = await spendToken(tx, token, "verify_email");
  return used ? { userId: used.userId, passwordHash: used.passwordHash } : null;
}

/** The password a sign-up chose, while its link lives: what signing in is checked against until the address is proven. */
export async function pendingSignUpPassword(executor: Executor, userId: string): Promise<string | null> {
  const [found] = await executor
    .select({ passwordHash: oneTimeTokens.passwordHash })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, "verify_email"),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
        isNotNull(oneTimeTokens.passwordHash),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  return found?.passwordHash ?? null;
}

/** Uses a `change_email` token up; answers whose it was and the address it confirms. */
export async function consumeEmailChangeToken(
  tx: Executor,
  token: string,
): Promise<{ userId: string; newEmail: string } | null> {
  const used = await spendToken(tx, token, "change_email");
  return used?.newEmail ? { userId: used.userId, newEmail: used.newEmail } : null;
}
