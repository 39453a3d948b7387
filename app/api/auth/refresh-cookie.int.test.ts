import "@/tests/support/isolated-env";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { platform, stopPlatform } from "@/lib/platform/container";
import { completeSetup, SUPER_ADMIN } from "@/tests/support/accounts";
import { randomIp } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as login } from "./login/route";
import { POST as logout } from "./logout/route";
import { POST as refresh } from "./refresh/route";

/**
 * Issue 13, item 9: behind a TLS-terminating proxy, `next start` sees requests addressed to its bind host
 * (http://localhost:3000), so a check of the request's host never marked the refresh cookie Secure and a browser
 * would send it over plain http. The public address (APP_URL, read when the platform starts) decides.
 */
vi.hoisted(() => {
  process.env.APP_URL = "https://club.example";
});

/** A request as `next start` hands it over behind the proxy: addressed to the bind host, over http. */
const asBehindProxy = (path: string, init: { body?: string; cookie?: string } = {}) =>
  new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: {
      "x-forwarded-for": randomIp(),
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body,
  });
const noParams = { params: Promise.resolve({}) };

beforeAll(async () => {
  const running = await platform();
  expect(running.config.APP_URL).toBe("https://club.example");
  await resetDatabase(running.database);
  await completeSetup();
});
afterAll(stopPlatform);

describe("refresh cookie with an https APP_URL", () => {
  it("is Secure at login, at refresh and when logout clears it, although the request came in over http to the bind host", async () => {
    const signedIn = await login(
      asBehindProxy("/api/auth/login", {
        body: JSON.stringify({ email: SUPER_ADMIN.email, password: SUPER_ADMIN.password }),
      }),
      noParams,
    );
    expect(signedIn.status).toBe(200);
    const loginCookie = signedIn.headers.getSetCookie()[0] ?? "";
    expect(loginCookie).toMatch(
      /^clubops_refresh=[\w-]{43}; Path=\/api\/auth; Max-Age=\d+; HttpOnly; SameSite=Strict; Secure$/,
    );

    const refreshed = await refresh(
      asBehindProxy("/api/auth/refresh", { cookie: loginCookie.split(";")[0] }),
      noParams,
    );
    expect(refreshed.status).toBe(200);
    const rotatedCookie = refreshed.headers.getSetCookie()[0] ?? "";
    expect(rotatedCookie).toMatch(/; Secure$/);

    const loggedOut = await logout(
      asBehindProxy("/api/auth/logout", { cookie: rotatedCookie.split(";")[0] }),
      noParams,
    );
    expect(loggedOut.status).toBe(204);
    expect(loggedOut.headers.getSetCookie()[0]).toBe(
      "clubops_refresh=; Path=/api/auth; Max-Age=0; HttpOnly; SameSite=Strict; Secure",
    );
  });
});
