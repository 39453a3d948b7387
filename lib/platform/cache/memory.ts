import { randomUUID } from "node:crypto";
import type { Cache } from "./types";

type Entry = { value: string; expiresAt: number };

/** The embedded default: one process, so locks and values live in a Map with expiry. */
export function createMemoryCache(now: () => number = Date.now): Cache {
  const entries = new Map<string, Entry>();

  const read = (key: string): string | null => {
    const entry = entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return null;
    }
    return entry.value;
  };
  const write = (key: string, value: string, ttlSeconds: number) => {
    entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 });
  };

  return {
    kind: "memory",
    async get(key) {
      return read(key);
    },
    async set(key, value, ttlSeconds) {
      write(key, value, ttlSeconds);
    },
    async del(...keys) {
      for (const key of keys) entries.delete(key);
    },
    async increment(key, ttlSeconds) {
      const count = Number(read(key) ?? 0) + 1;
      const expiresAt = entries.get(key)?.expiresAt ?? now() + ttlSeconds * 1000;
      entries.set(key, { value: String(count), expiresAt });
      return { count, ttlSeconds: Math.max(1, Math.ceil((expiresAt - now()) / 1000)) };
    },
    async acquireLock(key, ttlSeconds) {
      if (read(key) !== null) return null;
      const token = randomUUID();
      write(key, token, ttlSeconds);
      return token;
    },
    async releaseLock(key, token) {
      if (read(key) === token) entries.delete(key);
    },
    async ping() {},
    async close() {
      entries.clear();
    },
  };
}
