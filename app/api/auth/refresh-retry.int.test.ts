import "@/tests/support/isolated-env";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { hashOpaqueToken } from "@/lib/auth/opaque-token";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, refreshTokens } from "@/lib/platform/db/schema";
import { type Account, completeSetup, createAccount } from "@/tests/support/accounts";
import { type ApiReply, call, randomIp, setCookieValue } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as login } from "./login/route";
import { GET as me } from "./me/route";
import { POST as refresh } from "./refresh/route";

/**
 * Issue 15, item 3: a mobile client whose refresh answer was lost retries with the token it still holds and gets
 * the same successor within REFRESH_REUSE_INTERVAL_SECONDS (30 by default), instead of ending its sign-in; refresh
 * has its own rate-limit bucket, apart from login's.
 */

let running: Platform;
let account: Account;

const signIn = (transport: "cookie" | "body", ip = randomIp()) =>
  call(login, {
    path: "/api/auth/login",
    ip,
    body: { email: account.email, password: account.password, refreshTokenTransport: transport },
  });
const refreshWithBody = (token: unknown, ip?: string) =>
  call(refresh, { path: "/api/auth/refresh", ip, body: { refreshToken: token } });
const refreshWithCookie = (token: string | undefined) =>
  call(refresh, { path: "/api/auth/refresh", method: "POST", headers: { cookie: `clubops_refresh=${token}` } });
const cookieOf = (reply: ApiReply) => setCookieValue(reply, "clubops_refresh");
const profileWith = (token: unknown) => call(me, { path: "/api/auth/me", token: String(token) });
const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
const reuseAuditsOf = async (userId: string) =>
  running.database.db
    .select()
    .from(auditOutbox)
    .where(and(eq(auditOutbox.entityId, userId), eq(auditOutbox.action, "auth.refresh_token_reused")));

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  account = await createAccount(await completeSetup(), ["Employee"]);
});
afterAll(stopPlatform);
afterEach(() => {
  vi.useRealTimers();
});

describe("a refresh retried within the reuse interval", () => {
  it("answers the same successor in the body, with a working access token, and keeps the sign-in", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const session = await signIn("body");
    const first = await refreshWithBody(session.body.refreshToken);
    expect(first.status).toBe(200);

    later(29);
    const retried = await refreshWithBody(session.body.refreshToken);
    expect(retried.status).toBe(200);
    expect(retried.body.refreshToken).toBe(first.body.refreshToken);
    expect(retried.body.refreshTokenExpiresAt).toBe(first.body.refreshTokenExpiresAt);
    expect((await profileWith(retried.body.accessToken)).status).toBe(200);
    // Nothing was revoked: the lost answer's access token, the login's and the successor still work.
    expect((await profileWith(first.body.accessToken)).status).toBe(200);
    expect((await profileWith(session.body.accessToken)).status).toBe(200);
    expect(await reuseAuditsOf(account.id)).toEqual([]);

    const next = await refreshWithBody(retried.body.refreshToken);
    expect(next.status).toBe(200);
    expect(next.body.refreshToken).not.toBe(retried.body.refreshToken);
  });

  it("sets the same successor cookie again for the console", async () => {
    const session = await signIn("cookie");
    const first = await refreshWithCookie(cookieOf(session));
    const retried = await refreshWithCookie(cookieOf(session));
    expect(retried.status).toBe(200);
    expect(cookieOf(retried)).toBe(cookieOf(first));
    expect(retried.body).not.toHaveProperty("refreshToken");
    expect((await refreshWithCookie(cookieOf(retried))).status).toBe(200);
  });

  it.runIf(process.env.DATABASE_URL)(
    "gives 10 parallel refreshes with one token one and the same successor",
    async () => {
      const session = await signIn("body");
      const replies = await Promise.all(Array.from({ length: 10 }, () => refreshWithBody(session.body.refreshToken)));
      expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(200));
      const successors = new Set(replies.map((reply) => reply.body.refreshToken));
      expect(successors.size).toBe(1);
      // One rotation: the sign-in holds the login's token and one successor.
      const [successor] = successors;
      const [rotated] = await running.database.db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashOpaqueToken(String(successor))));
      const family = await running.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, String(rotated?.familyId)));
      expect(family).toHaveLength(2);
      expect((await refreshWithBody(successor)).status).toBe(200);
      expect((await profileWith(session.body.accessToken)).status).toBe(200);
    },
  );
});

describe("reuse detection beyond the interval", () => {
  it("takes a retry after the interval as reuse and ends the sign-in, as before", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const session = await signIn("body");
    const first = await refreshWithBody(session.body.refreshToken);

    later(30);
    expect(await refreshWithBody(session.body.refreshToken)).toMatchObject({
      status: 401,
      body: { code: "Auth.RefreshTokenReused" },
    });
    expect(await refreshWithBody(first.body.refreshToken)).toMatchObject({
      status: 401,
      body: { code: "Auth.InvalidRefreshToken" },
    });
    expect(await profileWith(first.body.accessToken)).toMatchObject({
      status: 401,
      body: { code: "Auth.TokenRevoked" },
    });
  });

  it("takes a token two rotations old as reuse, even within the interval", async () => {
    const session = await signIn("body");
    const first = await refreshWithBody(session.body.refreshToken);
    const second = await refreshWithBody(first.body.refreshToken);
    expect(second.status).toBe(200);

    expect(await refreshWithBody(session.body.refreshToken)).toMatchObject({
      status: 401,
      body: { code: "Auth.RefreshTokenReused" },
    });
    expect((await refreshWithBody(second.body.refreshToken)).status).toBe(401);
    expect((await profileWith(second.body.accessToken)).status).toBe(401);
  });
});

describe("the refresh rate limit", () => {
  it("is a bucket of its own: failed logins from a club's address do not stop its members' refreshes", async () => {
    const clubWifi = randomIp();
    const session = await signIn("body", clubWifi);
    const guesses = [];
    for (let attempt = 0; attempt <= running.config.RATE_LIMIT_AUTH_PER_MINUTE; attempt += 1) {
      guesses.push(
        await call(login, {
          path: "/api/auth/login",
          ip: clubWifi,
          body: { email: "guess@club.example", password: "x" },
        }),
      );
    }
    expect(guesses.at(-1)).toMatchObject({ status: 429, body: { code: "RateLimit.Exceeded" } });

    expect((await refreshWithBody(session.body.refreshToken, clubWifi)).status).toBe(200);
  });
});
