import { setTimeout as sleep } from "node:timers/promises";
import { sqlStateOf } from "../errors";
import type { Database, Transaction } from "./types";

/** serialization_failure and deadlock_detected: the transaction lost a race and may simply run again. */
const RETRYABLE = new Set(["40001", "40P01"]);
const MAX_ATTEMPTS = 8;

/**
 * Runs `work` in a SERIALIZABLE transaction, again from the start when PostgreSQL aborts it for a
 * conflict with a concurrent one, so check-then-insert logic (e.g. "no user exists yet") is race-free.
 */
export async function inSerializableTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work, { isolationLevel: "serializable" });
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(sqlStateOf(error) ?? "")) throw error;
      // Jittered backoff so the losers do not collide again in lockstep.
      await sleep(Math.random() * 20 * attempt);
    }
  }
}
