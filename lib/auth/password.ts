import { pbkdf2, randomBytes, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { getConfig } from "@/lib/config";

const derive = promisify(pbkdf2);

const ALGORITHM = "pbkdf2-sha512";
/** The cost of new hashes: PASSWORD_ITERATIONS outside tests (lib/config.ts). */
const iterationsNow = () => getConfig().PASSWORD_HASH_ITERATIONS;
const SALT_BYTES = 16;
const KEY_BYTES = 64;

type ParsedHash = { iterations: number; salt: Buffer; key: Buffer };

/** "pbkdf2-sha512$<iterations>$<salt base64>$<key base64>": the cost travels with the hash. */
export async function hashPassword(password: string, iterations: number = iterationsNow()): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password.normalize("NFKC"), salt, iterations, KEY_BYTES, "sha512");
  return [ALGORITHM, iterations, salt.toString("base64"), key.toString("base64")].join("$");
}

function parse(stored: string): ParsedHash | null {
  const [algorithm, iterations, salt, key] = stored.split("$");
  if (algorithm !== ALGORITHM || !iterations || !salt || !key || !/^\d+$/.test(iterations)) return null;
  return { iterations: Number(iterations), salt: Buffer.from(salt, "base64"), key: Buffer.from(key, "base64") };
}

export type PasswordCheck = { valid: boolean; needsRehash: boolean };

/** Constant-time comparison; `needsRehash` when the stored cost is below today's. */
export async function verifyPassword(password: string, stored: string): Promise<PasswordCheck> {
  const parsed = parse(stored);
  if (!parsed) return { valid: false, needsRehash: false };
  const candidate = await derive(
    password.normalize("NFKC"),
    parsed.salt,
    parsed.iterations,
    parsed.key.length,
    "sha512",
  );
  const valid = candidate.length === parsed.key.length && timingSafeEqual(candidate, parsed.key);
  return { valid, needsRehash: valid && parsed.iterations < iterationsNow() };
}

let decoy: Promise<string> | undefined;

/**
 * A real hash of a random secret this process made and kept nowhere: no password matches it, and checking one against
 * it takes as long as against any account's. Accounts nobody may sign in to yet (invited staff, sign-ups waiting for
 * their link) store it.
 */
export function unusablePasswordHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(18).toString("base64"));
  return decoy;
}

/**
 * Spends the same time as checking a real password, for a login with an unknown email,
 * so response time does not reveal which emails have accounts.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  await verifyPassword(password, await unusablePasswordHash());
  return false;
}
