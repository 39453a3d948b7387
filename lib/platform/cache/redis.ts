import { randomUUID } from "node:crypto";
import { ATTR_DB_OPERATION_NAME, ATTR_DB_SYSTEM_NAME } from "@opentelemetry/semantic-conventions";
import Redis from "ioredis";
import { DependencyTimeoutError, DependencyUnavailableError } from "../errors";
import { withSpan } from "../telemetry/spans";
import { countingErrors } from "./counted-errors";
import type { Cache } from "./types";

/** INCR and set the expiry on first use, atomically, so a counter can never outlive its window. */
const INCREMENT_WITH_EXPIRY = `local count = redis.call("incr", KEYS[1])
if count == 1 then redis.call("expire", KEYS[1], ARGV[1]) end
return {count, redis.call("ttl", KEYS[1])}`;
const RELEASE_IF_HOLDER = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

const redisAttributes = (operation: string) => ({
  [ATTR_DB_SYSTEM_NAME]: "redis",
  [ATTR_DB_OPERATION_NAME]: operation,
});

export type RedisOptions = { url: string; commandTimeoutMs: number };

/**
 * Redis through ioredis. Commands fail fast while disconnected (no offline queue)
 * so a Redis outage surfaces as DependencyUnavailableError instead of a hang.
 */
export function createRedisCache(options: RedisOptions): Cache {
  const client = new Redis(options.url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs,
    connectTimeout: options.commandTimeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 200, 1000),
  });
  // Connection errors are reported through the failing commands; without a listener ioredis logs each retry.
  client.on("error", () => {});

  /**
   * Waits, within the command timeout, for the first connection. Once Redis has been
   * lost (reconnecting), commands fail at once so callers can fall back without delay.
   */
  const ready = async (): Promise<void> => {
    if (client.status === "ready") return;
    if (client.status !== "connecting" && client.status !== "connect") throw new Error(`redis ${client.status}`);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        client.off("ready", onReady);
        reject(new Error(`redis not ready (${client.status})`));
      }, options.commandTimeoutMs);
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      client.once("ready", onReady);
    });
  };

  /** One command, its span named by the operation alone: keys and values never go into a span. */
  const call = <T>(operation: string, command: () => Promise<T>): Promise<T> =>
    withSpan(operation, { kind: "client", attributes: redisAttributes(operation) }, async () => {
      try {
        await ready();
        return await command();
      } catch (error) {
        if (error instanceof Error && /timed out/i.test(error.message)) {
          throw new DependencyTimeoutError("cache", options.commandTimeoutMs);
        }
        throw new DependencyUnavailableError("cache", { cause: error });
      }
    });

  return countingErrors({
    kind: "redis",
    get: (key) => call("GET", () => client.get(key)),
    async set(key, value, ttlSeconds) {
      await call("SET", () => client.set(key, value, "EX", ttlSeconds));
    },
    async del(...keys) {
      if (keys.length > 0) await call("DEL", () => client.del(...keys));
    },
    async increment(key, ttlSeconds) {
      const [count, ttl] = (await call("EVAL", () => client.eval(INCREMENT_WITH_EXPIRY, 1, key, ttlSeconds))) as [
        number,
        number,
      ];
      return { count, ttlSeconds: Math.max(1, ttl) };
    },
    async acquireLock(key, ttlSeconds) {
      const token = randomUUID();
      const reply = await call("SET", () => client.set(key, token, "EX", ttlSeconds, "NX"));
      return reply === "OK" ? token : null;
    },
    async releaseLock(key, token) {
      await call("EVAL", () => client.eval(RELEASE_IF_HOLDER, 1, key, token));
    },
    async ping() {
      await call("PING", () => client.ping());
    },
    async close() {
      client.disconnect();
    },
  });
}
