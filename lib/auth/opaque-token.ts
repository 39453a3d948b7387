import { createHash, randomBytes } from "node:crypto";

/** A random bearer secret (refresh token, email link token): 256 bits, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Opaque tokens are stored only as their SHA-256: a database leak yields nothing usable, and a
 * lookup by hash needs no constant-time compare (the attacker does not control the stored value).
 */
export function hashOpaqueToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
