import type { Result } from "../result";
import type { Database, Transaction } from "./types";

/** Carries a business failure out of the transaction callback, so drizzle rolls back. */
class RolledBack {
  constructor(readonly result: Result<never>) {}
}

/**
 * Runs `work` in a transaction that commits only when it succeeds: a returned business failure rolls back
 * whatever the work wrote before finding it (e.g. an enrolment whose plan turns out to be inactive).
 */
export async function resultTransaction<T>(
  db: Database,
  work: (tx: Transaction) => Promise<Result<T>>,
): Promise<Result<T>> {
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      if (!result.ok) throw new RolledBack(result);
      return result;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.result;
    throw error;
  }
}
