import { expect, test } from "@playwright/test";
import { type OwnServer, startOwnServer } from "./own-server";

/**
 * Issue 13, item 2, on the production server (scripts/start.sh → scripts/server.mjs): 30 wrong logins, each with a
 * new X-Forwarded-For, were never limited with the default TRUSTED_PROXY_HOPS=0. The client address is now the TCP
 * peer, so the per-address limit holds whatever the headers say. A server of its own, with the default limit (20 a
 * minute), so the console flows' server keeps its raised one.
 */

const LIMIT = 20;
let server: OwnServer;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer({ RATE_LIMIT_AUTH_PER_MINUTE: String(LIMIT) });
  base = server.base;
});

test.afterAll(() => server.stop());

test("30 wrong logins, each with a new X-Forwarded-For and a forged peer header, are limited per address", async ({
  request,
}) => {
  const replies = [];
  for (let i = 1; i <= 30; i += 1) {
    replies.push(
      await request.post(`${base}/api/auth/login`, {
        headers: { "x-forwarded-for": `203.0.113.${i}`, "x-clubops-peer-address": `198.51.100.${i}` },
        // Another email each time, so that only the per-address limit can refuse (not an email's throttle).
        data: { email: `guess${i}@club.example`, password: "Wrong-Passw0rd!" },
      }),
    );
  }
  expect(replies.map((reply) => reply.status())).toEqual([
    ...Array<number>(LIMIT).fill(401),
    ...Array<number>(30 - LIMIT).fill(429),
  ]);
  const limited = replies[LIMIT]!;
  expect(await limited.json()).toEqual({
    code: "RateLimit.Exceeded",
    message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds?\.$/),
  });
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
});
