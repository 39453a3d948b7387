import { setTimeout as sleep } from "node:timers/promises";
import { sqlStateOf } from "../errors";
import { logger } from "../logger";
import type { Result } from "../result";
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
  // What a hook starts (mail sent at once after its commit) outlives the request, and its deadline.
  withoutDatabaseDeadline(() => runEach(hooks));
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
  for (let attempt = 1; ; attempt += 1) {
    // Fresh per attempt: only the attempt that commits runs its hooks.
    const hooks: Hook[] = [];
    try {
      const value = await db.transaction(
        (tx) => {
          hooksOf.set(tx, hooks);
          return work(tx);
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
