import "@/tests/support/isolated-env";
import { afterAll, describe, expect, it } from "vitest";
import { DependencyUnavailableError } from "../errors";
import { createRedisCache } from "./redis";

const url = process.env.REDIS_URL;

describe.runIf(url)("redis cache against a real server", () => {
  const cache = createRedisCache({ url: url ?? "", commandTimeoutMs: 1000 });
  afterAll(() => cache.close());

  it("stores values with a TTL", async () => {
    await cache.set("test:greeting", "hola", 1);
    expect(await cache.get("test:greeting")).toBe("hola");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await cache.get("test:greeting")).toBeNull();
  });

  it("grants a lock to exactly one of many concurrent callers", async () => {
    const tokens = await Promise.all(Array.from({ length: 10 }, () => cache.acquireLock("test:lock", 30)));
    const holders = tokens.filter((token) => token !== null);
    expect(holders).toHaveLength(1);
    await cache.releaseLock("test:lock", "not-the-holder");
    expect(await cache.acquireLock("test:lock", 30)).toBeNull();
    await cache.releaseLock("test:lock", holders[0] ?? "");
    expect(await cache.acquireLock("test:lock", 30)).not.toBeNull();
    await cache.del("test:lock");
  });

  it("counts concurrent increments exactly and sets the window once", async () => {
    await cache.del("test:counter");
    const replies = await Promise.all(Array.from({ length: 25 }, () => cache.increment("test:counter", 60)));
    expect(replies.map((reply) => reply.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    for (const reply of replies) expect(reply.ttlSeconds).toBeGreaterThan(55);
    await cache.del("test:counter");
  });
});

describe("redis cache with the server down", () => {
  it("fails fast with DependencyUnavailableError instead of hanging", async () => {
    const cache = createRedisCache({ url: "redis://127.0.0.1:1", commandTimeoutMs: 500 });
    const started = Date.now();
    await expect(cache.ping()).rejects.toBeInstanceOf(DependencyUnavailableError);
    await expect(cache.get("anything")).rejects.toBeInstanceOf(DependencyUnavailableError);
    expect(Date.now() - started).toBeLessThan(1500);
    await cache.close();
  });
});
