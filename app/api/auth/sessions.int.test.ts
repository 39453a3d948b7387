import "@/tests/support/isolated-env";
import "@/tests/support/session-idle-off-env";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { platform, stopPlatform } from "@/lib/platform/container";
import { type Account, completeSetup, createAccount } from "@/tests/support/accounts";
import { type ApiReply, call, randomIp, setCookieValue } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as login } from "./login/route";
import { POST as logout } from "./logout/route";
import { GET as me } from "./me/route";
import { POST as refresh } from "./refresh/route";

/** Issue 13, items 9 and 10: what ends a sign-in ends all of its tokens, and no sign-in lasts past SESSION_MAX_DAYS. */

const DAY_MS = 86_400_000;
let account: Account;

const signIn = (transport: "cookie" | "body" = "cookie") =>
  call(login, {
    path: "/api/auth/login",
    body: { email: account.email, password: account.password, refreshTokenTransport: transport },
  });
const refreshWithCookie = (token: string | undefined) =>
  call(refresh, { path: "/api/auth/refresh", method: "POST", headers: { cookie: `clubops_refresh=${token}` } });
const refreshWithBody = (token: unknown) => call(refresh, { path: "/api/auth/refresh", body: { refreshToken: token } });
const profileWith = (token: unknown) => call(me, { path: "/api/auth/me", token: String(token) });
const cookieOf = (reply: ApiReply) => setCookieValue(reply, "clubops_refresh");
const maxAgeOf = (reply: ApiReply) => Number(/Max-Age=(\d+)/.exec(reply.headers.getSetCookie()[0] ?? "")?.[1]);

beforeAll(async () => {
  const running = await platform();
  await resetDatabase(running.database);
  account = await createAccount(await completeSetup(), ["Employee"]);
});
afterAll(stopPlatform);
afterEach(() => {
  vi.useRealTimers();
});

describe("refresh-token reuse", () => {
  it("ends the stolen sign-in's access tokens too, old and new, while another sign-in of the same user keeps working", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const other = await signIn();
    const victim = await signIn();
    const stolen = cookieOf(victim);
    // The victim's browser refreshes; the thief, holding a copy of the cookie taken earlier, refreshes after the
    // reuse interval (REFRESH_REUSE_INTERVAL_SECONDS, 30), within which a retry would get the same successor.
    const rotated = await refreshWithCookie(stolen);
    expect(rotated.status).toBe(200);
    expect((await profileWith(rotated.body.accessToken)).status).toBe(200);

    vi.setSystemTime(Date.now() + 31_000);
    const replayed = await refreshWithCookie(stolen);
    expect(replayed).toMatchObject({ status: 401, body: { code: "Auth.RefreshTokenReused" } });

    for (const token of [victim.body.accessToken, rotated.body.accessToken]) {
      expect(await profileWith(token)).toMatchObject({ status: 401, body: { code: "Auth.TokenRevoked" } });
    }
    expect((await refreshWithCookie(cookieOf(rotated))).status).toBe(401);

    expect((await profileWith(other.body.accessToken)).status).toBe(200);
    const otherRefreshed = await refreshWithCookie(cookieOf(other));
    expect(otherRefreshed.status).toBe(200);
    expect((await profileWith(otherRefreshed.body.accessToken)).status).toBe(200);
  });

  it("lets logout end every access token of that sign-in, not only the one presented", async () => {
    const session = await signIn();
    const renewed = await refreshWithCookie(cookieOf(session));
    const reply = await call(logout, {
      path: "/api/auth/logout",
      method: "POST",
      token: String(renewed.body.accessToken),
      headers: { cookie: `clubops_refresh=${cookieOf(renewed)}` },
    });
    expect(reply.status).toBe(204);
    expect(await profileWith(session.body.accessToken)).toMatchObject({
      status: 401,
      body: { code: "Auth.TokenRevoked" },
    });
  });
});

describe("absolute session lifetime (SESSION_MAX_DAYS, default 30)", () => {
  const at = (signedInAt: number, days: number) => vi.setSystemTime(new Date(signedInAt + days * DAY_MS));

  it("refreshes within 30 days of sign-in, never past them, and refuses the refresh after", async () => {
    const signedInAt = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: signedInAt });
    let session = await signIn();
    expect(maxAgeOf(session)).toBe(14 * 86_400);

    for (const day of [10, 20]) {
      at(signedInAt, day);
      session = await refreshWithCookie(cookieOf(session));
      expect(session.status).toBe(200);
      // Each refresh token lives REFRESH_TOKEN_TTL_DAYS (14) unless the sign-in ends sooner.
      expect(maxAgeOf(session)).toBe(Math.min(14, 30 - day) * 86_400);
    }
    at(signedInAt, 29.5);
    session = await refreshWithCookie(cookieOf(session));
    expect(session.status).toBe(200);
    expect(maxAgeOf(session)).toBe(43_200);
    expect((await profileWith(session.body.accessToken)).status).toBe(200);

    at(signedInAt, 30 + 1 / 1440);
    const late = await refreshWithCookie(cookieOf(session));
    expect(late).toMatchObject({ status: 401, body: { code: "Auth.InvalidRefreshToken" } });
    // Signing in again starts a new 30 days.
    expect((await signIn()).status).toBe(200);
  });

  it("tells a mobile client when its refresh token ends, never later than 30 days after sign-in", async () => {
    const signedInAt = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: signedInAt });
    const session = await signIn("body");
    at(signedInAt, 10);
    const first = await refreshWithBody(session.body.refreshToken);
    expect(first.body.refreshTokenExpiresAt).toBe(new Date(signedInAt + 24 * DAY_MS).toISOString());
    at(signedInAt, 23);
    const renewed = await refreshWithBody(first.body.refreshToken);
    expect(renewed.status).toBe(200);
    expect(renewed.body.refreshTokenExpiresAt).toBe(new Date(signedInAt + 30 * DAY_MS).toISOString());
    at(signedInAt, 31);
    expect(await refreshWithBody(renewed.body.refreshToken)).toMatchObject({
      status: 401,
      body: { code: "Auth.InvalidRefreshToken" },
    });
  });
});

describe("refresh cookie with an http APP_URL (the default, http://localhost:3000)", () => {
  it("is not Secure, whatever host the request was addressed to, so development over http keeps its session", async () => {
    const response = await login(
      new Request("http://club.internal/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
        body: JSON.stringify({ email: account.email, password: account.password }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()[0]).toMatch(
      /^clubops_refresh=[\w-]{43}; Path=\/api\/auth; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    );
  });
});
