import { describe, expect, it } from "vitest";
import { createMemoryCache } from "./memory";

describe("memory cache", () => {
  it("expires values after their TTL", async () => {
    let now = 1_000;
    const cache = createMemoryCache(() => now);
    await cache.set("k", "v", 10);
    expect(await cache.get("k")).toBe("v");
    now += 10_000;
    expect(await cache.get("k")).toBeNull();
  });

  it("gives a lock to one holder and frees it only for that holder", async () => {
    const cache = createMemoryCache();
    const token = await cache.acquireLock("lock", 30);
    expect(token).not.toBeNull();
    expect(await cache.acquireLock("lock", 30)).toBeNull();
    await cache.releaseLock("lock", "someone-else");
    expect(await cache.acquireLock("lock", 30)).toBeNull();
    await cache.releaseLock("lock", token ?? "");
    expect(await cache.acquireLock("lock", 30)).not.toBeNull();
  });

  it("counts within a window and starts again when the window expires", async () => {
    let now = 0;
    const cache = createMemoryCache(() => now);
    expect(await cache.increment("hits", 60)).toEqual({ count: 1, ttlSeconds: 60 });
    now += 45_000;
    expect(await cache.increment("hits", 60)).toEqual({ count: 2, ttlSeconds: 15 });
    now += 15_000;
    expect(await cache.increment("hits", 60)).toEqual({ count: 1, ttlSeconds: 60 });
  });
});
