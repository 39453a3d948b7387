import { describe, expect, it } from "vitest";
import { presentedRefreshToken, sessionResponse } from "./session-http";
import type { Session } from "./session";

const session: Session = {
  accessToken: "access",
  accessTokenExpiresAt: new Date(Date.now() + 900_000),
  accessTokenLifetime: 900,
  refreshToken: "refresh-token",
  refreshTokenExpiresAt: new Date(Date.now() + 14 * 86_400_000),
  user: { id: "u1", email: "a@club.example", role: "Admin", mustChangePassword: false },
};

describe("sessionResponse", () => {
  it("marks the refresh cookie Secure outside localhost", () => {
    const response = sessionResponse(new Request("https://club.example/api/auth/login"), session, "cookie");
    expect(response.headers.get("set-cookie")).toMatch(/^clubops_refresh=refresh-token; Path=\/api\/auth; Max-Age=\d+; HttpOnly; SameSite=Strict; Secure$/);
  });

  it("leaves Secure off on localhost so plain-http development works", () => {
    const response = sessionResponse(new Request("http://localhost:3000/api/auth/login"), session, "cookie");
    expect(response.headers.get("set-cookie")).not.toContain("Secure");
  });

  it("puts the refresh token in the body, and no cookie, for mobile clients", async () => {
    const response = sessionResponse(new Request("https://club.example/api/auth/login"), session, "body");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.json()).toMatchObject({ refreshToken: "refresh-token", expiresIn: 900 });
  });
});

describe("presentedRefreshToken", () => {
  it("prefers the body token and otherwise reads the cookie among others", () => {
    const request = new Request("http://localhost/api/auth/refresh", { headers: { cookie: "theme=dark; clubops_refresh=abc%2Bd; x=1" } });
    expect(presentedRefreshToken(request, "from-body")).toEqual({ token: "from-body", transport: "body" });
    expect(presentedRefreshToken(request, undefined)).toEqual({ token: "abc+d", transport: "cookie" });
    expect(presentedRefreshToken(new Request("http://localhost/"), undefined)).toBeNull();
  });
});
