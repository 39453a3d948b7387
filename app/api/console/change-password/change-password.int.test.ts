import "@/tests/support/isolated-env";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as refresh } from "@/app/api/auth/refresh/route";
import { openRefreshToken } from "@/console/server/password-handoff";
import { getConfig } from "@/lib/config";
import { authKeys } from "@/lib/platform/auth-keys";
import { platform, stopPlatform } from "@/lib/platform/container";
import { type Account, completeSetup, createAccount } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as changeConsolePassword } from "./route";

let adminToken: string;
let account: Account;

beforeAll(async () => {
  const running = await platform();
  await resetDatabase(running.database);
  adminToken = await completeSetup();
  account = await createAccount(adminToken, ["User"]);
});
afterAll(stopPlatform);

const change = (token: string | undefined, body: unknown) =>
  call(changeConsolePassword, { path: "/api/console/change-password", token, body });

describe("POST /api/console/change-password", () => {
  it("passes on the API's refusals as they are", async () => {
    const anonymous = await change(undefined, {
      currentPassword: account.password,
      newPassword: "Another-Strong-Pass-7",
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe("Auth.MissingToken");
    const wrong = await change(account.token, {
      currentPassword: "not-my-password-1",
      newPassword: "Another-Strong-Pass-7",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: "Auth.InvalidCurrentPassword", message: expect.any(String) });
    const same = await change(account.token, { currentPassword: account.password, newPassword: account.password });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual({ newPassword: ["Choose a password different from the current one."] });
    const notAnObject = await change(account.token, ["currentPassword"]);
    expect(notAnObject.status).toBe(400);
  });

  // What a script in the console's page sees of a password change: a seal, never a token.
  it("answers the new session only sealed, and the seal opens to a refresh token of the same user", async () => {
    const reply = await change(account.token, {
      currentPassword: account.password,
      newPassword: "Another-Strong-Pass-7",
    });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body)).toEqual(["sealedRefreshToken"]);
    const sealed = String(reply.body.sealedRefreshToken);
    expect(sealed).not.toMatch(/eyJ[\w-]+\.eyJ/);
    const refreshToken = await openRefreshToken(getConfig(), sealed);
    expect(refreshToken).toHaveLength(43);
    expect(sealed).not.toContain(refreshToken);
    const renewed = await call(refresh, { path: "/api/auth/refresh", body: { refreshToken } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.userId).toBe(account.id);
  });

  it("opens no seal that was altered, or made for something else", async () => {
    const other = await createAccount(adminToken, ["User"]);
    const reply = await change(other.token, { currentPassword: other.password, newPassword: "Yet-Another-Pass-88" });
    const sealed = String(reply.body.sealedRefreshToken);
    expect(await openRefreshToken(getConfig(), sealed)).toHaveLength(43);
    const tampered = `${sealed.slice(0, -4)}${sealed.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    expect(await openRefreshToken(getConfig(), tampered)).toBeNull();
    // A session cookie holds the same kind of payload, under the session's key: it is no seal.
    const { consoleSession } = await authKeys(getConfig());
    expect(
      await openRefreshToken(
        getConfig(),
        await encode({ token: { refreshToken: "x".repeat(43) }, secret: consoleSession }),
      ),
    ).toBeNull();
  });
});
