import "@/tests/support/isolated-env";
import { NextRequest } from "next/server";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { stopPlatform } from "@/lib/platform/container";

const INNGEST_SERVER = "http://127.0.0.1:1";

/** What an Inngest server sends to run a function's step; anyone who reaches /api/inngest can send the same. */
function runJobRequest(): NextRequest {
  const event = { name: "inngest/scheduled.timer", data: {} };
  const body = {
    event,
    events: [event],
    steps: {},
    ctx: { run_id: "01JATTACK", attempt: 0, stack: { stack: [], current: 0 } },
    version: 1,
  };
  return new NextRequest("http://localhost/api/inngest?fnId=clubops-forward-audit-log&stepId=step", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** The route module as a production server with `env` would load it (it reads the configuration on import). */
async function loadRoute(env: Record<string, string>) {
  vi.resetModules();
  vi.stubEnv("NODE_ENV", "production");
  // Production refuses the suites' cheap password hashing (vitest.config.ts); a production server has none.
  vi.stubEnv("PASSWORD_HASH_ITERATIONS", undefined);
  vi.stubEnv("INNGEST_BASE_URL", INNGEST_SERVER);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return import("./route");
}

async function postUnsigned(env: Record<string, string>) {
  const { POST } = await loadRoute(env);
  const response = await POST(runJobRequest(), { params: Promise.resolve({}) } as never);
  return { status: response.status, text: await response.text() };
}

afterEach(() => {
  vi.unstubAllEnvs();
});
afterAll(stopPlatform);

describe("/api/inngest in production", () => {
  it("does not start with an Inngest server but no signing key", async () => {
    await expect(loadRoute({})).rejects.toThrow(/INNGEST_SIGNING_KEY: required in production/);
  });

  it("refuses an unsigned request to run a job when a signing key is set", async () => {
    const reply = await postUnsigned({ INNGEST_SIGNING_KEY: "signkey-prod-0123456789abcdef0123456789abcdef" });

    expect(reply.status).toBe(401);
    expect(reply.text).not.toContain("forward-outbox-batches");
  });

  it("runs the same unsigned request only when INNGEST_DEV=1 was given explicitly", async () => {
    const reply = await postUnsigned({ INNGEST_DEV: "1" });

    expect(reply.status).toBe(206);
    expect(JSON.parse(reply.text)).toMatchObject([{ name: "forward-outbox-batches", data: { status: "completed" } }]);
  });
});
