import { createHmac } from "node:crypto";
import { and, eq, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { AuthKeys } from "@/lib/platform/auth-keys";
import type { Executor } from "@/lib/platform/db";
import { knownSignInAddresses, passwordThrottles } from "@/lib/platform/db/schema";
import { clientBucket } from "@/lib/platform/http/client-ip";
import type { PasswordPolicy } from "./password-policy";

/**
 * What a password guess is aimed at. Sign-ins count per email, existing or not (so a 429 never tells which emails
 * have accounts), in two lanes: from an address the account signed in from before, and from any other. A stranger
 * filling the second lane never slows the owner at their usual address. Change-password counts per account.
 */
export type GuessTarget =
  | { kind: "sign-in"; email: string; fromKnownAddress: boolean }
  | { kind: "change-password"; userId: string };

/** The first delay once the free attempts are spent; each further attempt doubles it, up to the policy's maximum. */
const FIRST_DELAY_SECONDS = 30;
/** 2^20 × 30 s is far past any policy's maximum: the cap keeps the power finite however long an attack lasts. */
const MAX_DOUBLINGS = 20;
/** An attempt this long after the previous one starts the count again. */
const COUNT_RESET = sql.raw(`interval '1 day'`);
/** A known address is forgotten after this long without a sign-in from it. */
const KNOWN_ADDRESS_LIFETIME = sql.raw(`interval '180 days'`);

const hmac = (keys: AuthKeys, text: string) =>
  createHmac("sha256", keys.passwordThrottle).update(text).digest("base64url");

/** Keyed hashes: a copy of the table names no email, account or address. */
export function throttleKey(keys: AuthKeys, target: GuessTarget): string {
  return hmac(
    keys,
    target.kind === "sign-in"
      ? `sign-in:${target.fromKnownAddress ? "known" : "other"}:${target.email.trim().toLowerCase()}`
      : `change-password:${target.userId}`,
  );
}

/** Every key of an account, for clearing them all once its password is proven or replaced. */
export function accountThrottleKeys(keys: AuthKeys, account: { id: string; email: string }): string[] {
  return [
    throttleKey(keys, { kind: "sign-in", email: account.email, fromKnownAddress: true }),
    throttleKey(keys, { kind: "sign-in", email: account.email, fromKnownAddress: false }),
    throttleKey(keys, { kind: "change-password", userId: account.id }),
  ];
}

export type Admission =
  | { admitted: true /** Seconds this attempt makes the next one wait, if it fails (0: none). */; delaySeconds: number }
  | { admitted: false; retryAfterSeconds: number };

/**
 * Counts an attempt at `key` and admits it unless the key is waiting. The policy's `maxFailedAttempts` attempts are
 * free; from then each admitted attempt makes the next wait FIRST_DELAY_SECONDS, doubling, at most `lockoutMinutes`
 * (NIST SP 800-63B 5.2.2: about 100 guesses a day per account and lane at the defaults, and never a lock). One
 * statement counts and decides, so of any number of parallel guesses only the free ones get through.
 */
export async function admitAttempt(executor: Executor, key: string, policy: PasswordPolicy): Promise<Admission> {
  const t = passwordThrottles;
  const delayAfter = (attempts: SQL) =>
    sql`case when ${attempts} >= ${policy.maxFailedAttempts}
      then now() + least(${policy.lockoutMinutes * 60}, ${FIRST_DELAY_SECONDS} * power(2, least(${attempts} - ${policy.maxFailedAttempts}, ${MAX_DOUBLINGS}))) * interval '1 second'
    end`;
  const counted = sql`case when ${t.lastAttemptAt} < now() - ${COUNT_RESET} then 1 else ${t.attempts} + 1 end`;
  const [admitted] = await executor
    .insert(t)
    .values({ key, attempts: 1, lastAttemptAt: sql`now()`, blockedUntil: delayAfter(sql`1`) })
    .onConflictDoUpdate({
      target: t.key,
      set: { attempts: counted, lastAttemptAt: sql`now()`, blockedUntil: delayAfter(counted) },
      setWhere: or(sql`${t.blockedUntil} is null`, sql`${t.blockedUntil} <= now()`),
    })
    .returning({ delaySeconds: sql<string | null>`extract(epoch from ${t.blockedUntil} - now())` });
  if (admitted) return { admitted: true, delaySeconds: Math.round(Number(admitted.delaySeconds ?? 0)) };
  const [waiting] = await executor
    .select({ seconds: sql<string>`extract(epoch from ${t.blockedUntil} - now())` })
    .from(t)
    .where(eq(t.key, key));
  return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(waiting?.seconds ?? 1))) };
}

/** The password was proven (or replaced): its guesses no longer count. */
export async function clearThrottles(executor: Executor, keys: readonly string[]): Promise<void> {
  await executor.delete(passwordThrottles).where(inArray(passwordThrottles.key, [...keys]));
}

const addressHash = (keys: AuthKeys, address: string) => hmac(keys, `address:${clientBucket(address)}`);

export async function isKnownAddress(
  executor: Executor,
  keys: AuthKeys,
  userId: string,
  address: string,
): Promise<boolean> {
  const [known] = await executor
    .select({ userId: knownSignInAddresses.userId })
    .from(knownSignInAddresses)
    .where(
      and(eq(knownSignInAddresses.userId, userId), eq(knownSignInAddresses.addressHash, addressHash(keys, address))),
    );
  return known !== undefined;
}

/** After a sign-in with the right password: this address is the owner's from now on. */
export async function rememberAddress(
  executor: Executor,
  keys: AuthKeys,
  userId: string,
  address: string,
): Promise<void> {
  await executor
    .insert(knownSignInAddresses)
    .values({ userId, addressHash: addressHash(keys, address) })
    .onConflictDoUpdate({
      target: [knownSignInAddresses.userId, knownSignInAddresses.addressHash],
      set: { lastSignInAt: sql`now()` },
    });
}

/** The prune job: counts nobody has added to for a day, and addresses unused for 180 days. */
export async function pruneThrottles(executor: Executor): Promise<{ throttles: number; knownAddresses: number }> {
  const t = passwordThrottles;
  const throttles = await executor
    .delete(t)
    .where(
      and(
        lt(t.lastAttemptAt, sql`now() - ${COUNT_RESET}`),
        or(sql`${t.blockedUntil} is null`, lt(t.blockedUntil, sql`now()`)),
      ),
    )
    .returning({ key: t.key });
  const knownAddresses = await executor
    .delete(knownSignInAddresses)
    .where(lt(knownSignInAddresses.lastSignInAt, sql`now() - ${KNOWN_ADDRESS_LIFETIME}`))
    .returning({ userId: knownSignInAddresses.userId });
  return { throttles: throttles.length, knownAddresses: knownAddresses.length };
}
