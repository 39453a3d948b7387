import { recordCacheError } from "../metrics/registry";
import type { Cache } from "./types";

type Method = (...args: unknown[]) => Promise<unknown>;

/**
 * `cache` with each failed command counted by the method that failed (clubops_cache_errors_total{operation}); the key
 * is never recorded. The failure itself reaches the caller unchanged.
 */
export function countingErrors(cache: Cache): Cache {
  return new Proxy(cache, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || typeof property !== "string") return value;
      return async (...args: unknown[]) => {
        try {
          return await (value as Method).apply(target, args);
        } catch (error) {
          recordCacheError(property);
          throw error;
        }
      };
    },
  });
}
