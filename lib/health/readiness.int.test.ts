import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisCache } from "@/lib/platform/cache/redis";
import { CHECK_TIMEOUT_MS, checkReadiness, httpStatusOf, type Probes } from "./service";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

// A Redis of this test's own, so stopping it cannot disturb other suites.
let redis: ChildProcess;
let port: number;

beforeAll(async () => {
  port = await freePort();
  redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", ""], { stdio: "ignore" });
  await new Promise((resolve) => setTimeout(resolve, 300));
});
afterAll(() => {
  redis.kill("SIGKILL");
});

describe("readiness when Redis stops", () => {
  it("turns the cache entry Unhealthy within the timeout, and the report Degraded (200)", async () => {
    const cache = createRedisCache({ url: `redis://127.0.0.1:${port}`, commandTimeoutMs: 1000 });
    const healthy = () => Promise.resolve();
    const probes: Probes = {
      database: healthy,
      cache: () => cache.ping(),
      storage: healthy,
      analytics: healthy,
      "email-renderer": healthy,
    };

    const before = await checkReadiness(probes);
    expect(before.entries.cache.status).toBe("Healthy");
    expect(httpStatusOf(before)).toBe(200);

    redis.kill("SIGKILL");
    await once(redis, "exit");
    const started = Date.now();
    const after = await checkReadiness(probes);
    expect(Date.now() - started).toBeLessThanOrEqual(CHECK_TIMEOUT_MS + 200);
    expect(after.entries.cache.status).toBe("Unhealthy");
    expect(after.entries.database.status).toBe("Healthy");
    expect(after.status).toBe("Degraded");
    expect(httpStatusOf(after)).toBe(200);
    await cache.close();
  });
});
