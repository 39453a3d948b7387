import type { JWT } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { REFRESH_MARGIN_MS, refreshTokenToRedeem } from "./renewal";
import { accessTokenIdOf } from "./tokens";

const now = Date.parse("2026-05-01T10:00:00Z");

function cookie(overrides: { expiresInMs?: number; error?: JWT["error"] } = {}): JWT {
  return {
    api: {
      userId: "user-1",
      email: "ada@example.com",
      role: "SuperAdmin",
      mustChangePassword: false,
      accessToken: "access-1",
      accessTokenExpiresAt: now + (overrides.expiresInMs ?? 10 * 60_000),
      refreshToken: "refresh-1",
      receivedAt: now - 60_000,
    },
    error: overrides.error,
  };
}

describe("refreshTokenToRedeem", () => {
  it("keeps a session whose access token has time left", () => {
    expect(refreshTokenToRedeem(cookie(), undefined, now)).toBeNull();
  });

  it("renews in the last minute and after expiry", () => {
    expect(refreshTokenToRedeem(cookie({ expiresInMs: REFRESH_MARGIN_MS - 1 }), undefined, now)).toBe("refresh-1");
    expect(refreshTokenToRedeem(cookie({ expiresInMs: -5_000 }), undefined, now)).toBe("refresh-1");
  });

  it("renews when the browser reports the stored access token refused", () => {
    expect(refreshTokenToRedeem(cookie(), { rejectedAccessTokenId: accessTokenIdOf("access-1") }, now)).toBe(
      "refresh-1",
    );
  });

  it("keeps the session when the refused token is an older one: the browser only needs the stored token", () => {
    expect(refreshTokenToRedeem(cookie(), { rejectedAccessTokenId: accessTokenIdOf("access-0") }, now)).toBeNull();
  });

  it("redeems a presented refresh token, even after a failed renewal", () => {
    expect(refreshTokenToRedeem(cookie({ error: "RefreshFailed" }), { refreshToken: "refresh-2" }, now)).toBe(
      "refresh-2",
    );
  });

  it("does not retry a failed renewal, and has nothing to renew without an API session", () => {
    expect(refreshTokenToRedeem(cookie({ error: "RefreshFailed", expiresInMs: -1 }), undefined, now)).toBeNull();
    expect(refreshTokenToRedeem({}, { rejectedAccessTokenId: accessTokenIdOf("access-1") }, now)).toBeNull();
  });
});
