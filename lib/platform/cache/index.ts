import type { Config } from "@/lib/config";
import { createMemoryCache } from "./memory";
import { createRedisCache } from "./redis";
import type { Cache } from "./types";

export type { Cache } from "./types";

/** Redis at REDIS_URL, else an in-process cache. */
export function createCache(config: Config): Cache {
  return config.REDIS_URL
    ? createRedisCache({ url: config.REDIS_URL, commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS })
    : createMemoryCache();
}
