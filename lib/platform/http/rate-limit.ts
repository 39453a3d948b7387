import type { Config } from "@/lib/config";
import type { Cache } from "../cache";
import { logger } from "../logger";
import type { BusinessError } from "../result";
import { clientBucket, clientIp } from "./client-ip";

/**
 * Named limits; each counts requests per client address in fixed one-minute windows shared by every instance.
 * `refresh` has its own bucket: refreshes present a 256-bit token (nothing to guess), and failed logins from a
 * shared address (a club's Wi-Fi) must not lock its members' apps out of their sessions.
 */
export type RateLimitPolicy = "setup" | "auth" | "refresh";

const WINDOW_SECONDS = 60;

const LIMIT_OF: Record<RateLimitPolicy, (config: Config) => number> = {
  setup: (config) => config.RATE_LIMIT_SETUP_PER_MINUTE,
  auth: (config) => config.RATE_LIMIT_AUTH_PER_MINUTE,
  refresh: (config) => config.RATE_LIMIT_REFRESH_PER_MINUTE,
};

/** `429 RateLimit.Exceeded` with Retry-After; `what` says what there were too many of. */
export function tooManyRequests(retryAfterSeconds: number, what = "requests"): BusinessError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return Object.freeze({
    code: "RateLimit.Exceeded",
    kind: "rate_limited",
    message: `Too many ${what}. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
    retryAfterSeconds: seconds,
  });
}

/**
 * Counts this request against `policy`; returns the refusal when the caller is over the limit.
 * Fails open: when the cache is down the API keeps serving (sign-ins are still throttled per account in the database).
 */
export async function checkRateLimit(
  deps: { cache: Cache; config: Config },
  policy: RateLimitPolicy,
  headers: Headers,
): Promise<BusinessError | null> {
  const client = clientBucket(clientIp(headers, deps.config.TRUSTED_PROXY_HOPS));
  const limit = LIMIT_OF[policy](deps.config);
  try {
    const { count, ttlSeconds } = await deps.cache.increment(`ratelimit:${policy}:${client}`, WINDOW_SECONDS);
    return count <= limit ? null : tooManyRequests(ttlSeconds);
  } catch (error) {
    logger.warn({ err: error, policy }, "rate limit not applied: cache unavailable");
    return null;
  }
}
