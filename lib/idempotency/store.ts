import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { idempotencyKeys } from "@/lib/platform/db/schema";

/** How long an answer is replayed (Stripe's and the draft's customary 24 hours). */
const KEPT_FOR = sql.raw(`interval '24 hours'`);
/** A running attempt renews its lease; an instance that died holding a key frees it after this. */
export const LEASE_SECONDS = 30;
const LEASE = sql.raw(`interval '${LEASE_SECONDS} seconds'`);

/** The attempt that holds (or tries to hold) a caller's key. */
export type KeyOwner = { userId: string; scopeHash: string; attemptId: string };

export type StoredAnswer = { status: number; headers: Record<string, string>; body: string | null };

export type KeyRecord = typeof idempotencyKeys.$inferSelect;

const t = idempotencyKeys;
const ownedBy = (owner: KeyOwner) =>
  and(eq(t.userId, owner.userId), eq(t.scopeHash, owner.scopeHash), eq(t.attemptId, owner.attemptId));

/**
 * Reserves the key for this attempt in one statement, so of parallel duplicates exactly one wins. It also takes
 * over a key whose answer expired, or whose attempt (same request) lost its lease without answering: its instance
 * died, and since that attempt stored nothing the retry runs again.
 */
export async function claimKey(executor: Executor, owner: KeyOwner, requestHash: string): Promise<boolean> {
  const claimed = await executor
    .insert(t)
    .values({
      ...owner,
      requestHash,
      lockedUntil: sql`now() + ${LEASE}`,
      expiresAt: sql`now() + ${KEPT_FOR}`,
    })
    .onConflictDoUpdate({
      target: [t.userId, t.scopeHash],
      set: {
        requestHash,
        attemptId: owner.attemptId,
        uploadHash: null,
        lockedUntil: sql`now() + ${LEASE}`,
        responseStatus: null,
        responseHeaders: null,
        responseBody: null,
        expiresAt: sql`now() + ${KEPT_FOR}`,
        createdAt: sql`now()`,
      },
      setWhere: or(
        lt(t.expiresAt, sql`now()`),
        and(isNull(t.responseStatus), lt(t.lockedUntil, sql`now()`), eq(t.requestHash, requestHash)),
      ),
    })
    .returning({ attemptId: t.attemptId });
  return claimed.length > 0;
}

/** The key's record, unless it expired (an expired one is claimed anew). */
export async function findKey(executor: Executor, owner: KeyOwner): Promise<KeyRecord | undefined> {
  const [found] = await executor
    .select()
    .from(t)
    .where(and(eq(t.userId, owner.userId), eq(t.scopeHash, owner.scopeHash), sql`${t.expiresAt} >= now()`));
  return found;
}

export async function renewLease(executor: Executor, owner: KeyOwner): Promise<void> {
  await executor
    .update(t)
    .set({ lockedUntil: sql`now() + ${LEASE}` })
    .where(and(ownedBy(owner), isNull(t.responseStatus)));
}

export async function recordAnswer(
  executor: Executor,
  owner: KeyOwner,
  answer: StoredAnswer,
  uploadHash: string | null,
): Promise<void> {
  await executor
    .update(t)
    .set({ responseStatus: answer.status, responseHeaders: answer.headers, responseBody: answer.body, uploadHash })
    .where(ownedBy(owner));
}

/** The attempt answered nothing worth replaying: a retry runs again. */
export async function releaseKey(executor: Executor, owner: KeyOwner): Promise<void> {
  await executor.delete(t).where(ownedBy(owner));
}

/** For the `prune-idempotency-keys` job: answers past their 24 hours. */
export async function pruneExpiredKeys(executor: Executor): Promise<{ keys: number }> {
  const pruned = await executor.delete(t).where(lt(t.expiresAt, sql`now()`)).returning({ userId: t.userId });
  return { keys: pruned.length };
}
