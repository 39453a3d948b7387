import { AsyncLocalStorage } from "node:async_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { sqlStateOf } from "../errors";
import { logger } from "../logger";
import { ok, type Result } from "../result";
import { withoutDatabaseDeadline } from "./deadline";
import type { Database, Executor, Transaction } from "./types";

/**
 * Every service transaction opens through one of two helpers whose names say what a returned failure does:
 * `rollbackOnFailure` undoes the work's writes when it returns a failure, `commitWhatever` keeps them (a refused
 * login still counts the guess). Both run the after-commit hooks (`afterCommit`) once the transaction has committed.
 */

type TransactionOptions = {
  /**
   * SERIALIZABLE, run again from the start when PostgreSQL aborts it for a conflict with a concurrent one, so
   * check-then-insert logic (e.g. "no user exists yet") is race-free.
   */
  serializable?: boolean;
};

/** serialization_failure and deadlock_detected: the transaction lost a race and may simply run again. */
const RETRYABLE = new Set(["40001", "40P01"]);
const MAX_SERIALIZABLE_ATTEMPTS = 8;

type Hook = () => void;
/** The hooks waiting for each open transaction opened here. */
const hooksOf = new WeakMap<Executor, Hook[]>();

/**
 * Runs `hook` once the transaction of `executor` commits, never when it rolls back (e.g. "send the mail just queued").
 * On an executor no helper here opened (the plain database handle, a test's own transaction) nothing is registered:
 * what the hook would hurry then waits for its job.
 */
export function afterCommit(executor: Executor, hook: Hook): void {
  hooksOf.get(executor)?.push(hook);
}

function runHooks(hooks: readonly Hook[]): void {
  // What a hook starts (mail sent at once after its commit) outlives the request.
  detachedFromRequest(() => runEach(hooks));
}

/**
 * What the request wants written with each change it commits, in the same transaction: a keyed request's answer
 * (lib/idempotency/http.ts), so a committed change always has its answer stored. Given each top-level transaction's
 * own answer (what its work returned), just before that transaction commits.
 */
type BeforeCommit = (tx: Transaction, value: unknown) => Promise<void>;
const beforeCommits = new AsyncLocalStorage<BeforeCommit | undefined>();

/** Runs `work` with `beforeCommit` called in every top-level transaction it commits. */
export function withBeforeCommit<T>(beforeCommit: BeforeCommit, work: () => Promise<T>): Promise<T> {
  return beforeCommits.run(beforeCommit, work);
}

/** Runs `work` apart from the request that started it (a job run from the console, mail sent after a commit). */
export function detachedFromRequest<T>(work: () => T): T {
  return beforeCommits.run(undefined, () => withoutDatabaseDeadline(work));
}

function runEach(hooks: readonly Hook[]): void {
  for (const hook of hooks) {
    try {
      hook();
    } catch (error) {
      // The transaction has committed: a failing hook must not turn its success into an error.
      logger.error({ err: error }, "an after-commit hook failed");
    }
  }
}

async function inTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>, options: TransactionOptions) {
  // Inside a transaction opened here, drizzle makes this one a savepoint: only the outer one commits.
  const beforeCommit = hooksOf.has(db) ? undefined : beforeCommits.getStore();
  for (let attempt = 1; ; attempt += 1) {
    // Fresh per attempt: only the attempt that commits runs its hooks.
    const hooks: Hook[] = [];
    try {
      const value = await db.transaction(
        async (tx) => {
          hooksOf.set(tx, hooks);
          const answered = await work(tx);
          await beforeCommit?.(tx, answered);
          return answered;
        },
        options.serializable ? { isolationLevel: "serializable" } : undefined,
      );
      runHooks(hooks);
      return value;
    } catch (error) {
      const retry =
        options.serializable && attempt < MAX_SERIALIZABLE_ATTEMPTS && RETRYABLE.has(sqlStateOf(error) ?? "");
      if (!retry) throw error;
      // Jittered backoff so the losers do not collide again in lockstep.
      await sleep(Math.random() * 20 * attempt);
    }
  }
}

/** Carries a business failure out of the transaction callback, so drizzle rolls back. */
class RolledBack {
  constructor(readonly result: Result<never>) {}
}

/**
 * Runs `work` in a transaction that commits only when it succeeds: a returned business failure rolls back
 * whatever the work wrote before finding it (e.g. an enrolment whose plan turns out to be inactive).
 */
export async function rollbackOnFailure<T>(
  db: Database,
  work: (tx: Transaction) => Promise<Result<T>>,
  options: TransactionOptions = {},
): Promise<Result<T>> {
  try {
    return await inTransaction(
      db,
      async (tx) => {
        const result = await work(tx);
        if (!result.ok) throw new RolledBack(result);
        return result;
      },
      options,
    );
  } catch (error) {
    if (error instanceof RolledBack) return error.result;
    throw error;
  }
}

/**
 * rollbackOnFailure, with the change's answer read by `answer` in the same transaction from what the work returned (an
 * id): the answer then is what a keyed request stores with the change (lib/idempotency/http.ts), and a failure after
 * the commit cannot leave a stored change without it.
 */
export async function rollbackOnFailureAnswering<T, A>(
  db: Database,
  work: (tx: Transaction) => Promise<Result<T>>,
  answer: (tx: Transaction, done: T) => Promise<A>,
): Promise<Result<A>> {
  return rollbackOnFailure(db, async (tx) => {
    const done = await work(tx);
    return done.ok ? ok(await answer(tx, done.value)) : done;
  });
}

/**
 * Runs `work` in a transaction that commits whatever the work returns, a business failure included; only an exception
 * rolls it back. For work whose failures are found before it writes, or whose writes must stand either way.
 */
export function commitWhatever<T>(
  db: Database,
  work: (tx: Transaction) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  return inTransaction(db, work, options);
}
