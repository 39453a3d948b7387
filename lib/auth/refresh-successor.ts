import { createHmac } from "node:crypto";
import type { Config } from "@/lib/config";
import type { AuthKeys } from "@/lib/platform/auth-keys";

/**
 * The refresh token that replaces `token` when it is rotated: an HMAC of it under a key derived from AUTH_SECRET.
 * A client whose refresh answer was lost retries with the token it still holds, and gets this same successor again,
 * although only hashes of refresh tokens are stored. Unpredictable without both the parent token and the key, and
 * shaped like a random one (256 bits, base64url).
 */
export function successorOf(keys: Pick<AuthKeys, "refreshSuccessor">, token: string): string {
  return createHmac("sha256", keys.refreshSuccessor).update(token).digest("base64url");
}

/** Whether a token rotated at `rotatedAt` may still be retried at `now` (REFRESH_REUSE_INTERVAL_SECONDS; 0: never). */
export function withinReuseInterval(
  config: Pick<Config, "REFRESH_REUSE_INTERVAL_SECONDS">,
  rotatedAt: Date,
  now: Date,
): boolean {
  return now.getTime() - rotatedAt.getTime() < config.REFRESH_REUSE_INTERVAL_SECONDS * 1000;
}
