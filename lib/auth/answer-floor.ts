import { setTimeout as sleep } from "node:timers/promises";

/**
 * Sign-up and forgot-password are answered no sooner than this. Hashing the password in every branch of sign-up makes
 * them take about the same time; what is left, the branches' different database work (tens of milliseconds), hides
 * under this floor.
 */
export const ACCOUNT_ANSWER_FLOOR_MS = 300;

/**
 * Runs `work` and answers no sooner than `floorMs` after it began: an endpoint whose branches do different database
 * work (an unknown email does none) then cannot be told apart by how long it takes.
 */
export async function answerNoSooner<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    await sleep(started + floorMs - performance.now());
  }
}
