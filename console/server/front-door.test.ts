import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { CONSOLE_REQUEST_HEADER } from "@/console/console-request";
import { loadConfig } from "@/lib/config";
import { authKeys } from "@/lib/platform/auth-keys";
import { API_CONTENT_SECURITY_POLICY } from "@/lib/platform/http/security-headers";
import { frontDoor, REQUESTED_PAGE_HEADER } from "./front-door";
import type { ApiTokens } from "./tokens";

const config = loadConfig({
  APP_URL: "http://club.test",
  AUTH_SECRET: "front-door-test-secret-of-32-characters!",
  NODE_ENV: "production",
});
const secureConfig = { ...config, APP_URL: "https://club.example" };

const api: ApiTokens = {
  userId: "user-1",
  email: "ada@club.test",
  role: "SuperAdmin",
  mustChangePassword: false,
  accessToken: "the-access-token",
  accessTokenExpiresAt: Date.now() + 600_000,
  refreshToken: "the-refresh-token",
  receivedAt: Date.now(),
};

/** The session cookie next-auth would have set at sign-in. */
async function sessionCookie(token: Record<string, unknown> = { api }): Promise<string> {
  return `next-auth.session-token=${await encode({ token, secret: (await authKeys(config)).consoleSession })}`;
}

/** The request headers Next.js continues with (NextResponse.next's overrides), or null when it keeps the original. */
function forwardedHeader(response: Response, name: string): string | null {
  return response.headers.get(`x-middleware-request-${name}`);
}

const request = (path: string, headers: Record<string, string> = {}) =>
  new NextRequest(`http://club.test${path}`, { headers });

describe("the front door (proxy.ts)", () => {
  it("gives a page a nonce-based policy, on the answer and on the request Next.js renders from", async () => {
    const first = await frontDoor(request("/members"), config);
    const policy = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
    expect(nonce).toHaveLength(24);
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-eval");
    expect(forwardedHeader(first, "content-security-policy")).toBe(policy);
    const second = await frontDoor(request("/members"), config);
    expect(second.headers.get("content-security-policy")).not.toBe(policy);
  });

  it("tells the page which page was asked for, whatever the browser claimed", async () => {
    const response = await frontDoor(
      request("/members/123?tab=documents", { [REQUESTED_PAGE_HEADER]: "//evil.example" }),
      config,
    );
    expect(forwardedHeader(response, REQUESTED_PAGE_HEADER)).toBe("/members/123?tab=documents");
  });

  it.each(["/api/members", "/api/does-not-exist", "/health", "/health/live", "/metrics"])(
    "gives the API answer %s a policy that allows nothing",
    async (path) => {
      const response = await frontDoor(request(path), config);
      expect(response.headers.get("content-security-policy")).toBe(API_CONTENT_SECURITY_POLICY);
      expect(response.headers.get("x-middleware-override-headers")).toBeNull();
    },
  );

  it("sets the same protective headers on pages and API answers; HSTS only over https", async () => {
    for (const path of ["/", "/api/plans"]) {
      const response = await frontDoor(request(path), config);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      expect(response.headers.get("strict-transport-security")).toBeNull();
      const secure = await frontDoor(request(path), secureConfig);
      expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000");
    }
    expect((await frontDoor(request("/"), secureConfig)).headers.get("content-security-policy")).toContain(
      "upgrade-insecure-requests",
    );
  });

  it("authenticates the console's own API call with the session cookie's access token", async () => {
    const response = await frontDoor(
      request("/api/users", {
        cookie: await sessionCookie(),
        [CONSOLE_REQUEST_HEADER]: "1",
        "sec-fetch-site": "same-origin",
      }),
      config,
    );
    expect(forwardedHeader(response, "authorization")).toBe("Bearer the-access-token");
  });

  // Login CSRF's sibling: a foreign page making the victim's browser call the API with the console's cookie.
  it("gives the cookie's token to no call the console did not mark, nor one from another site", async () => {
    const cookie = await sessionCookie();
    const unmarked = await frontDoor(request("/api/users", { cookie }), config);
    expect(forwardedHeader(unmarked, "authorization")).toBeNull();
    const crossSite = await frontDoor(
      request("/api/users", { cookie, [CONSOLE_REQUEST_HEADER]: "1", "sec-fetch-site": "cross-site" }),
      config,
    );
    expect(forwardedHeader(crossSite, "authorization")).toBeNull();
    const sameSite = await frontDoor(
      request("/api/users", { cookie, [CONSOLE_REQUEST_HEADER]: "1", "sec-fetch-site": "same-site" }),
      config,
    );
    expect(forwardedHeader(sameSite, "authorization")).toBeNull();
    const page = await frontDoor(request("/users", { cookie, [CONSOLE_REQUEST_HEADER]: "1" }), config);
    expect(forwardedHeader(page, "authorization")).toBeNull();
  });

  it("keeps a bearer token the caller sent, and attaches nothing for a forged, foreign or failed session cookie", async () => {
    const own = await frontDoor(
      request("/api/users", {
        cookie: await sessionCookie(),
        [CONSOLE_REQUEST_HEADER]: "1",
        authorization: "Bearer mine",
      }),
      config,
    );
    expect(forwardedHeader(own, "authorization")).toBeNull();
    const foreignSecret = `next-auth.session-token=${await encode({ token: { api }, secret: "another-installation's-secret" })}`;
    const forged = "next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..forged";
    const failed = await sessionCookie({ api, error: "RefreshFailed" });
    for (const cookie of [foreignSecret, forged, failed, "theme=dark"]) {
      const response = await frontDoor(request("/api/users", { cookie, [CONSOLE_REQUEST_HEADER]: "1" }), config);
      expect(forwardedHeader(response, "authorization"), cookie).toBeNull();
    }
  });
});
