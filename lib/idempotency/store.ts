import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { builtOncePerExecutor } from "@/lib/platform/db/built-once";
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
const placeholder = (name: keyof KeyOwner | "requestHash" | "status" | "headers" | "body" | "uploadHash") =>
  sql.placeholder(name);
const ownedBy = and(
  eq(t.userId, placeholder("userId")),
  eq(t.scopeHash, placeholder("scopeHash")),
  eq(t.attemptId, placeholder("attemptId")),
);

// Every keyed request runs these: built once and prepared, as drizzle's building costs more CPU than they take to run.
const claimStatement = builtOncePerExecutor((executor) =>
  executor
    .insert(t)
    .values({
      userId: placeholder("userId"),
      scopeHash: placeholder("scopeHash"),
      attemptId: placeholder("attemptId"),
      requestHash: placeholder("requestHash"),
      lockedUntil: sql`now() + ${LEASE}`,
      expiresAt: sql`now() + ${KEPT_FOR}`,
    })
    .onConflictDoUpdate({
      target: [t.userId, t.scopeHash],
      set: {
        requestHash: sql`excluded.request_hash`,
        attemptId: sql`excluded.attempt_id`,
        uploadHash: null,
        lockedUntil: sql`excluded.locked_until`,
        responseStatus: null,
        responseHeaders: null,
        responseBody: null,
        expiresAt: sql`excluded.expires_at`,
        createdAt: sql`now()`,
      },
      setWhere: or(
        lt(t.expiresAt, sql`now()`),
        and(isNull(t.responseStatus), lt(t.lockedUntil, sql`now()`), eq(t.requestHash, sql`excluded.request_hash`)),
      ),
    })
    .returning({ attemptId: t.attemptId })
    .prepare("idempotency_claim"),
);

const findStatement = builtOncePerExecutor((executor) =>
  executor
    .select()
    .from(t)
    .where(
      and(eq(t.userId, placeholder("userId")), eq(t.scopeHash, placeholder("scopeHash")), sql`${t.expiresAt} >= now()`),
    )
    .prepare("idempotency_find"),
);

const renewStatement = builtOncePerExecutor((executor) =>
  executor
    .update(t)
    .set({ lockedUntil: sql`now() + ${LEASE}` })
    .where(and(ownedBy, isNull(t.responseStatus)))
    .prepare("idempotency_renew"),
);

const recordStatement = builtOncePerExecutor((executor) =>
  executor
    .update(t)
    .set({
      responseStatus: sql`${placeholder("status")}::integer`,
      responseHeaders: sql`${placeholder("headers")}::jsonb`,
      responseBody: sql`${placeholder("body")}::text`,
      uploadHash: sql`${placeholder("uploadHash")}::text`,
    })
    .where(ownedBy)
    .prepare("idempotency_record"),
);

const releaseStatement = builtOncePerExecutor((executor) =>
  executor
    .delete(t)
    .where(and(ownedBy, isNull(t.responseStatus)))
    .prepare("idempotency_release"),
);

/**
 * Reserves the key for this attempt in one statement, so of parallel duplicates exactly one wins. It also takes
 * over a key whose answer expired, or whose attempt (same request) lost its lease without answering: its instance
 * died, and since that attempt stored nothing the retry runs again.
 */
export async function claimKey(executor: Executor, owner: KeyOwner, requestHash: string): Promise<boolean> {
  const claimed = await claimStatement(executor).execute({ ...owner, requestHash });
  return claimed.length > 0;
}

/** The key's record, unless it expired (an expired one is claimed anew). */
export async function findKey(executor: Executor, owner: KeyOwner): Promise<KeyRecord | undefined> {
  const [found] = await findStatement(executor).execute({ userId: owner.userId, scopeHash: owner.scopeHash });
  return found;
}

export async function renewLease(executor: Executor, owner: KeyOwner): Promise<void> {
  await renewStatement(executor).execute(owner);
}

export async function recordAnswer(
  executor: Executor,
  owner: KeyOwner,
  answer: StoredAnswer,
  uploadHash: string | null,
): Promise<void> {
  await recordStatement(executor).execute({
    ...owner,
    status: answer.status,
    headers: JSON.stringify(answer.headers),
    body: answer.body,
    uploadHash,
  });
}

/**
 * The attempt answered nothing worth replaying: a retry runs again. A key whose answer was stored with its committed
 * change is kept: the change happened, whatever the attempt answered afterwards.
 */
export async function releaseKey(executor: Executor, owner: KeyOwner): Promise<void> {
  await releaseStatement(executor).execute(owner);
}

/** For the `prune-idempotency-keys` job: answers past their 24 hours. */
export async function pruneExpiredKeys(executor: Executor): Promise<{ keys: number }> {
  const pruned = await executor.delete(t).where(lt(t.expiresAt, sql`now()`)).returning({ userId: t.userId });
  return { keys: pruned.length };
}
