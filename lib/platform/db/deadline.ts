import { AsyncLocalStorage } from "node:async_hooks";
import { DependencyTimeoutError } from "../errors";

/**
 * A request's deadline for its database work (DATABASE_REQUEST_DEADLINE_MS): PostgreSQL's statement_timeout runs on
 * the server, so a server that stopped answering (stopped, partitioned, a host frozen) would hold every request until it
 * came back. The adapters' statements and transactions (./observed-client.ts) race this deadline: past it a statement
 * is not sent, one in flight is cancelled, and the caller gets DependencyTimeoutError, which the one exception mapper
 * answers 504. A transaction whose statement lost the race rolls back when the server answers again; only a COMMIT
 * already sent may still complete, which a 504 leaves open (docs/operations.md, Deadlines).
 */
type Deadline = { at: number; budgetMs: number };

const deadlines = new AsyncLocalStorage<Deadline | undefined>();

/** Runs `work` with its database work due within `budgetMs`. */
export function withDatabaseDeadline<T>(budgetMs: number, work: () => Promise<T>): Promise<T> {
  return deadlines.run({ at: Date.now() + budgetMs, budgetMs }, work);
}

/** Runs `work` free of the caller's deadline: a job a request started, work hurried after a commit. */
export function withoutDatabaseDeadline<T>(work: () => T): T {
  return deadlines.run(undefined, work);
}

/** Whether the current work answers to a request's deadline. */
export const underDatabaseDeadline = (): boolean => deadlines.getStore() !== undefined;

/** The error of a deadline already passed, before any more work is sent; undefined while time is left. */
export function passedDeadline(): DependencyTimeoutError | undefined {
  const deadline = deadlines.getStore();
  return deadline && deadline.at <= Date.now() ? new DependencyTimeoutError("database", deadline.budgetMs) : undefined;
}

/**
 * `running`, or a DependencyTimeoutError once the deadline passes first, after `onExpiry` (cancelling what can be
 * cancelled). Whatever `running` does afterwards is handled here, never unhandled.
 */
export function withinDeadline<T>(running: Promise<T>, onExpiry?: () => void): Promise<T> {
  const deadline = deadlines.getStore();
  if (!deadline) return running;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => {
        onExpiry?.();
        reject(new DependencyTimeoutError("database", deadline.budgetMs));
      },
      Math.max(0, deadline.at - Date.now()),
    );
    running.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
