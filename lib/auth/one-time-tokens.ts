import { and, eq, gt, isNull } from "drizzle-orm";
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

/** A new emailed link token; earlier unused ones of the same purpose stop working, so only the latest email counts. */
export async function issueOneTimeToken(
  tx: Executor,
  userId: string,
  purpose: OneTimePurpose,
  ttlMinutes: number,
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
  });
  return token;
}

/** Whose a live token is, without using it up (to check a new password against that user first). */
export async function peekOneTimeToken(executor: Executor, token: string, purpose: OneTimePurpose): Promise<string | null> {
  const [found] = await executor
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(live(hashOpaqueToken(token), purpose));
  return found?.userId ?? null;
}

/** Uses the token up in one conditional UPDATE: of two parallel uses exactly one gets the user id. */
export async function consumeOneTimeToken(tx: Executor, token: string, purpose: OneTimePurpose): Promise<string | null> {
  const [used] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(live(hashOpaqueToken(token), purpose))
    .returning({ userId: oneTimeTokens.userId });
  return used?.userId ?? null;
}
