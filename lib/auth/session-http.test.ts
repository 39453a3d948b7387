import { describe, expect, it } from "vitest";
import type { Session } from "./session";
import { clearRefreshCookie, presentedRefreshToken, sessionResponse } from "./session-http";

const session: Session = {
  accessToken: "access",
  accessTokenExpiresAt: new Date(Date.now() + 900_000),
  accessTokenLifetime: 900,
  refreshToken: "refresh-token",
  refreshTokenExpiresAt: new Date(Date.now() + 14 * 86_400_000),
  user: { id: "u1", email: "a@club.example", role: "Admin", mustChangePassword: false },
};

const https = { APP_URL: "https://club.example" };
const http = { APP_URL: "http://localhost:3000" };

describe("sessionResponse", () => {
  it("marks the refresh cookie Secure when APP_URL is https", () => {
    const response = sessionResponse(https, session, "cookie");
    expect(response.headers.get("set-cookie")).toMatch(
      /^clubops_refresh=refresh-token; Path=\/api\/auth; Max-Age=\d+; HttpOnly; SameSite=Strict; Secure$/,
    );
  });

  it("leaves Secure off when APP_URL is plain http, so development over http works", () => {
    const response = sessionResponse(http, session, "cookie");
    expect(response.headers.get("set-cookie")).not.toContain("Secure");
  });

  it("puts the refresh token in the body, and no cookie, for mobile clients", async () => {
    const response = sessionResponse(https, session, "body");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.json()).toMatchObject({ refreshToken: "refresh-token", expiresIn: 900 });
  });
});

describe("clearRefreshCookie", () => {
  it("clears with the same attributes, Secure by APP_URL's scheme", () => {
    expect(clearRefreshCookie(https)).toBe(
      "clubops_refresh=; Path=/api/auth; Max-Age=0; HttpOnly; SameSite=Strict; Secure",
    );
    expect(clearRefreshCookie(http)).toBe("clubops_refresh=; Path=/api/auth; Max-Age=0; HttpOnly; SameSite=Strict");
  });
});

describe("presentedRefreshToken", () => {
  it("prefers the body token and otherwise reads the cookie among others", () => {
    const request = new Request("http://localhost/api/auth/refresh", {
      headers: { cookie: "theme=dark; clubops_refresh=abc%2Bd; x=1" },
    });
    expect(presentedRefreshToken(request, "from-body")).toEqual({ token: "from-body", transport: "body" });
    expect(presentedRefreshToken(request, undefined)).toEqual({ token: "abc+d", transport: "cookie" });
    expect(presentedRefreshToken(new Request("http://localhost/"), undefined)).toBeNull();
  });
});
