import type { Config } from "@/lib/config";
import type { Cache } from "../cache";
import { logger } from "../logger";
import { businessError, type BusinessError } from "../result";
import { clientIp } from "./client-ip";

/** Named limits; each counts requests per client IP in fixed one-minute windows shared by every instance. */
export type RateLimitPolicy = "setup" | "auth";

const WINDOW_SECONDS = 60;

const LIMIT_OF: Record<RateLimitPolicy, (config: Config) => number> = {
  setup: (config) => config.RATE_LIMIT_SETUP_PER_MINUTE,
  auth: (config) => config.RATE_LIMIT_AUTH_PER_MINUTE,
};

export type RateLimitRejection = { error: BusinessError; retryAfterSeconds: number };

/**
 * Counts this request against `policy`; returns the rejection when the caller is over the limit.
 * Fails open: when the cache is down the API keeps serving (logins are still slowed by PBKDF2 and account lockout).
 */
export async function checkRateLimit(
  deps: { cache: Cache; config: Config },
  policy: RateLimitPolicy,
  request: Request,
): Promise<RateLimitRejection | null> {
  const client = clientIp(request, deps.config.TRUSTED_PROXY_HOPS);
  const limit = LIMIT_OF[policy](deps.config);
  try {
    const { count, ttlSeconds } = await deps.cache.increment(`ratelimit:${policy}:${client}`, WINDOW_SECONDS);
    if (count <= limit) return null;
    return {
      retryAfterSeconds: ttlSeconds,
      error: businessError(
        "RateLimit.Exceeded",
        "rate_limited",
        `Too many requests. Try again in ${ttlSeconds} second${ttlSeconds === 1 ? "" : "s"}.`,
      ),
    };
  } catch (error) {
    logger.warn({ err: error, policy }, "rate limit not applied: cache unavailable");
    return null;
  }
}
