import "@/tests/support/isolated-env";
import "@/tests/support/registration-open-env";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ACCOUNT_ANSWER_FLOOR_MS } from "@/lib/auth/answer-floor";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, mailOutbox, oneTimeTokens, users } from "@/lib/platform/db/schema";
import { completeSetup, createAccount, SUPER_ADMIN } from "@/tests/support/accounts";
import { type ApiReply, call, setCookieValue } from "@/tests/support/api";
import { mailedToken as mailedLinkToken, waitForMail } from "@/tests/support/mail";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as changePassword } from "./change-password/route";
import { POST as forgotPassword } from "./forgot-password/route";
import { POST as login } from "./login/route";
import { POST as logout } from "./logout/route";
import { GET as me } from "./me/route";
import { POST as refresh } from "./refresh/route";
import { POST as register } from "./register/route";
import { POST as resetPassword } from "./reset-password/route";
import { POST as verifyEmail } from "./verify-email/route";

let running: Platform;
let adminToken: string;

const credentials = { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password };
const cookieHeader = (token: string | undefined) => ({ cookie: `clubops_refresh=${token}` });
const refreshCookieOf = (reply: ApiReply<unknown>) => setCookieValue(reply, "clubops_refresh");
const auditActions = async (entityId: string) =>
  (await running.database.db.select().from(auditOutbox).where(eq(auditOutbox.entityId, entityId))).map(
    (row) => row.action,
  );
/** The token of the last link mailed to `to` for `template`, as delivered (the outbox keeps it only redacted or sealed). */
const LINK_PATHS: Record<string, string> = {
  "password-reset": "/reset-password",
  "email-verification": "/verify-email",
};
const mailedToken = (to: string, template: string) => mailedLinkToken(running.mailer, to, LINK_PATHS[template]!);

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  adminToken = await completeSetup();
});
afterAll(stopPlatform);
afterEach(() => {
  vi.useRealTimers();
});

describe("POST /api/auth/login", () => {
  it("answers the spec's fields and sets the refresh cookie", async () => {
    const reply = await call(login, { path: "/api/auth/login", body: credentials });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      accessToken: expect.any(String),
      tokenType: "Bearer",
      expiresIn: 900,
      userId: expect.any(String),
      email: SUPER_ADMIN.email,
      role: "SuperAdmin",
      mustChangePassword: false,
    });
    expect(reply.headers.get("cache-control")).toBe("no-store");
    expect(refreshCookieOf(reply)).toHaveLength(43);
  });

  it("matches emails case-insensitively", async () => {
    const reply = await call(login, { path: "/api/auth/login", body: { ...credentials, email: "OWNER@Club.Example" } });
    expect(reply.status).toBe(200);
  });

  it("gives mobile clients the refresh token in the body and sets no cookie", async () => {
    const reply = await call(login, {
      path: "/api/auth/login",
      body: { ...credentials, refreshTokenTransport: "body" },
    });
    expect(reply.body).toMatchObject({ refreshToken: expect.any(String), refreshTokenExpiresAt: expect.any(String) });
    expect(reply.headers.getSetCookie()).toEqual([]);
  });

  it("answers an unknown email exactly like a wrong password", async () => {
    const wrongPassword = await call(login, {
      path: "/api/auth/login",
      body: { ...credentials, password: "Wrong-Passw0rd!" },
    });
    const unknownEmail = await call(login, {
      path: "/api/auth/login",
      body: { ...credentials, email: "nobody@club.example" },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body).toEqual({
      code: "Auth.InvalidCredentials",
      message: "The email or password is incorrect.",
    });
  });

  it("rejects a body without an email with a validation problem", async () => {
    const reply = await call(login, { path: "/api/auth/login", body: { password: "x" } });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ errors: { email: [expect.any(String)] } });
  });

  // Issue 13 replaced the lock with throttling (docs/api.md, Login throttling); login-throttling.int.test.ts has the rest.
  it("throttles an email after 5 wrong passwords, even against the right one from a new address, and audits it", async () => {
    const account = await createAccount(adminToken, ["Employee"]);
    for (let i = 0; i < 5; i += 1) {
      const reply = await call(login, {
        path: "/api/auth/login",
        body: { email: account.email, password: "Wrong-Passw0rd!" },
      });
      expect(reply.status).toBe(401);
    }
    const throttled = await call(login, {
      path: "/api/auth/login",
      body: { email: account.email, password: account.password },
    });
    expect(throttled).toMatchObject({ status: 429, body: { code: "RateLimit.Exceeded" } });
    const actions = await auditActions(account.id);
    expect(actions.filter((action) => action === "auth.login_failed")).toHaveLength(4);
    expect(actions).toContain("auth.login_throttled");
  });

  it("rate limits one client IP to 20 login attempts a minute", async () => {
    const ip = "198.51.100.7";
    const statuses = [];
    for (let i = 0; i < 21; i += 1) {
      // Another email each time, so that only the per-address limit can refuse (not the email's throttle).
      statuses.push(
        (await call(login, { path: "/api/auth/login", ip, body: { email: `x${i}@club.example`, password: "x" } }))
          .status,
      );
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("GET /api/auth/me", () => {
  it("answers 401 Auth.MissingToken without a token and Auth.InvalidToken with a bad one", async () => {
    expect((await call(me, { path: "/api/auth/me" })).body).toMatchObject({ code: "Auth.MissingToken" });
    const forged = await call(me, { path: "/api/auth/me", token: `${adminToken.slice(0, -4)}AAAA` });
    expect(forged).toMatchObject({ status: 401, body: { code: "Auth.InvalidToken" } });
  });

  it("answers the profile and the effective permissions", async () => {
    const account = await createAccount(adminToken, ["Employee"]);
    const reply = await call(me, { path: "/api/auth/me", token: account.token });
    expect(reply.body).toEqual({
      id: account.id,
      email: account.email,
      username: expect.stringMatching(/^staff\d+$/),
      firstName: "Sam",
      lastName: "Staff",
      role: "Employee",
      roles: ["Employee"],
      mustChangePassword: false,
      language: null,
      permissions: ["attendance-requests:read", "attendance-requests:write", "attendance:clock-in", "attendance:read"],
    });
  });
});

describe("POST /api/auth/refresh", () => {
  it("rotates the cookie's token and detects reuse of a rotated one after the reuse interval by revoking the family", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const first = refreshCookieOf(await call(login, { path: "/api/auth/login", body: credentials }));
    const rotated = await call(refresh, { path: "/api/auth/refresh", method: "POST", headers: cookieHeader(first) });
    expect(rotated.status).toBe(200);
    expect(rotated.body.accessToken).toEqual(expect.any(String));
    const second = refreshCookieOf(rotated);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    // Past REFRESH_REUSE_INTERVAL_SECONDS (30): no lost answer is retried this late.
    vi.setSystemTime(Date.now() + 31_000);
    const replayed = await call(refresh, { path: "/api/auth/refresh", method: "POST", headers: cookieHeader(first) });
    expect(replayed).toMatchObject({ status: 401, body: { code: "Auth.RefreshTokenReused" } });
    const afterTheft = await call(refresh, {
      path: "/api/auth/refresh",
      method: "POST",
      headers: cookieHeader(second),
    });
    expect(afterTheft).toMatchObject({ status: 401, body: { code: "Auth.InvalidRefreshToken" } });
  });

  it("takes a mobile client's token from the body and answers in the body", async () => {
    const session = await call(login, {
      path: "/api/auth/login",
      body: { ...credentials, refreshTokenTransport: "body" },
    });
    const reply = await call(refresh, { path: "/api/auth/refresh", body: { refreshToken: session.body.refreshToken } });
    expect(reply.status).toBe(200);
    expect(reply.body.refreshToken).toEqual(expect.any(String));
    expect(reply.body.refreshToken).not.toBe(session.body.refreshToken);
    expect(reply.headers.getSetCookie()).toEqual([]);
  });

  it("answers 401 Auth.InvalidRefreshToken without a token or with an unknown one", async () => {
    expect((await call(refresh, { path: "/api/auth/refresh", method: "POST" })).body).toMatchObject({
      code: "Auth.InvalidRefreshToken",
    });
    const unknown = await call(refresh, { path: "/api/auth/refresh", body: { refreshToken: "made-up" } });
    expect(unknown).toMatchObject({ status: 401, body: { code: "Auth.InvalidRefreshToken" } });
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes the refresh token, deny-lists the access token and clears the cookie", async () => {
    const session = await call(login, { path: "/api/auth/login", body: credentials });
    const token = String(session.body.accessToken);
    const cookie = refreshCookieOf(session);
    const reply = await call(logout, {
      path: "/api/auth/logout",
      method: "POST",
      token,
      headers: cookieHeader(cookie),
    });
    expect(reply.status).toBe(204);
    expect(reply.headers.getSetCookie()[0]).toMatch(/^clubops_refresh=; Path=\/api\/auth; Max-Age=0;/);

    const revoked = await call(me, { path: "/api/auth/me", token });
    expect(revoked).toMatchObject({
      status: 401,
      body: { code: "Auth.TokenRevoked", message: expect.stringContaining("log in again") },
    });
    const refreshed = await call(refresh, { path: "/api/auth/refresh", method: "POST", headers: cookieHeader(cookie) });
    expect(refreshed.status).toBe(401);
    // Other sessions of the same user are untouched.
    expect((await call(me, { path: "/api/auth/me", token: adminToken })).status).toBe(200);
  });

  it("succeeds without any token (idempotent)", async () => {
    expect((await call(logout, { path: "/api/auth/logout", method: "POST" })).status).toBe(204);
  });
});

describe("POST /api/auth/change-password", () => {
  it("refuses a wrong current password and a password the policy rejects", async () => {
    const account = await createAccount(adminToken, ["User"]);
    const wrong = await call(changePassword, {
      path: "/api/auth/change-password",
      token: account.token,
      body: { currentPassword: "nope", newPassword: "Another-Passw0rd" },
    });
    expect(wrong).toMatchObject({ status: 400, body: { code: "Auth.InvalidCurrentPassword" } });
    const weak = await call(changePassword, {
      path: "/api/auth/change-password",
      token: account.token,
      body: { currentPassword: account.password, newPassword: "weak" },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toMatchObject({ newPassword: expect.arrayContaining(["Use at least 12 characters."]) });
  });

  it("clears mustChangePassword, ends other sessions and signs the caller in again", async () => {
    const account = await createAccount(adminToken, ["User"]);
    const other = await call(login, {
      path: "/api/auth/login",
      body: { email: account.email, password: account.password },
    });
    const reply = await call(changePassword, {
      path: "/api/auth/change-password",
      token: account.token,
      body: { currentPassword: account.password, newPassword: "Brand-New-Passw0rd" },
    });
    expect(reply).toMatchObject({ status: 200, body: { mustChangePassword: false } });
    expect((await call(me, { path: "/api/auth/me", token: String(reply.body.accessToken) })).status).toBe(200);
    expect((await call(me, { path: "/api/auth/me", token: account.token })).body).toMatchObject({
      code: "Auth.TokenRevoked",
    });
    const otherRefresh = await call(refresh, {
      path: "/api/auth/refresh",
      method: "POST",
      headers: cookieHeader(refreshCookieOf(other)),
    });
    expect(otherRefresh.status).toBe(401);
    const oldLogin = await call(login, {
      path: "/api/auth/login",
      body: { email: account.email, password: account.password },
    });
    expect(oldLogin.status).toBe(401);
    expect(await auditActions(account.id)).toContain("auth.password_changed");
  });
});

describe("forgot and reset password", () => {
  it("answers the same for unknown emails and queues no mail", async () => {
    const reply = await call(forgotPassword, {
      path: "/api/auth/forgot-password",
      body: { email: "ghost@club.example" },
    });
    const known = await call(forgotPassword, { path: "/api/auth/forgot-password", body: { email: SUPER_ADMIN.email } });
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual(known.body);
    expect(
      await running.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "ghost@club.example")),
    ).toEqual([]);
  });

  it("answers a known and an unknown email no sooner than the same floor, so timing tells them apart no more", async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const reply = await call(forgotPassword, { path: "/api/auth/forgot-password", body: { email } });
      return { status: reply.status, ms: performance.now() - started };
    };
    // Unknown emails did no database work and answered in 8 ms, known ones in 15 ms.
    for (const answer of [await timed("nobody@club.example"), await timed(SUPER_ADMIN.email)]) {
      expect(answer.status).toBe(202);
      expect(answer.ms).toBeGreaterThanOrEqual(ACCOUNT_ANSWER_FLOOR_MS - 5);
    }
  });

  it("mails one account at most three reset links an hour, the last of them still working", async () => {
    const account = await createAccount(adminToken, ["User"]);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(forgotPassword, { path: "/api/auth/forgot-password", body: { email: account.email } }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual([202, 202, 202, 202, 202]);
    const mails = await running.database.db
      .select({ template: mailOutbox.template })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, account.email));
    expect(mails.filter((mail) => mail.template === "password-reset")).toHaveLength(3);
    // Fifteen requests used to void fourteen links; the fourth and fifth here voided none.
    const live = await running.database.db
      .select({ id: oneTimeTokens.id })
      .from(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, account.id),
          eq(oneTimeTokens.purpose, "reset_password"),
          isNull(oneTimeTokens.usedAt),
        ),
      );
    expect(live).toHaveLength(1);
  });

  it("mails a single-use link that sets a new password", async () => {
    const account = await createAccount(adminToken, ["User"]);
    await call(forgotPassword, { path: "/api/auth/forgot-password", body: { email: account.email } });
    const mail = await waitForMail(running.mailer, account.email);
    expect(mail.subject).toBe("Reset your Test Club password");
    const token = await mailedToken(account.email, "password-reset");
    expect(mail.html).toContain(`/reset-password?token=${token}`);

    const weak = await call(resetPassword, { path: "/api/auth/reset-password", body: { token, newPassword: "short" } });
    expect(weak.status).toBe(400);
    const reset = await call(resetPassword, {
      path: "/api/auth/reset-password",
      body: { token, newPassword: "Recovered-Passw0rd" },
    });
    expect(reset.status).toBe(204);
    const again = await call(resetPassword, {
      path: "/api/auth/reset-password",
      body: { token, newPassword: "Recovered-Passw0rd2" },
    });
    expect(again).toMatchObject({ status: 400, body: { code: "Auth.InvalidLink" } });
    expect(
      (await call(login, { path: "/api/auth/login", body: { email: account.email, password: "Recovered-Passw0rd" } }))
        .status,
    ).toBe(200);
    expect((await call(me, { path: "/api/auth/me", token: account.token })).body).toMatchObject({
      code: "Auth.TokenRevoked",
    });
  });
});

describe("registration and email verification", () => {
  const applicant = {
    email: "new.member@club.example",
    username: "newmember",
    password: "Joining-Passw0rd",
    firstName: "Nora",
    lastName: "New",
  };

  it("creates a User account that may sign in only after confirming the email", async () => {
    const reply = await call(register, { path: "/api/auth/register", body: applicant });
    expect(reply).toMatchObject({ status: 202, body: { message: expect.any(String) } });
    const early = await call(login, {
      path: "/api/auth/login",
      body: { email: applicant.email, password: applicant.password },
    });
    expect(early).toMatchObject({ status: 403, body: { code: "Auth.EmailNotVerified" } });

    const token = await mailedToken(applicant.email, "email-verification");
    expect((await call(verifyEmail, { path: "/api/auth/verify-email", body: { token } })).status).toBe(204);
    expect((await call(verifyEmail, { path: "/api/auth/verify-email", body: { token } })).body).toMatchObject({
      code: "Auth.InvalidLink",
    });
    const signedIn = await call(login, {
      path: "/api/auth/login",
      body: { email: applicant.email, password: applicant.password },
    });
    expect(signedIn).toMatchObject({ status: 200, body: { role: "User", mustChangePassword: false } });
  });

  // Issue 13: a taken username is no longer a 409 (it told unknown emails from existing ones); see register-enumeration.int.test.ts.
  it("does not reveal a taken email or a taken username", async () => {
    const sameEmail = await call(register, {
      path: "/api/auth/register",
      body: { ...applicant, username: "someoneelse" },
    });
    expect(sameEmail.status).toBe(202);
    const mails = await running.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, applicant.email));
    // In any order: delivery updates the rows, which moves them.
    expect(mails.map((mail) => mail.template).sort()).toEqual(["account-exists", "email-verification"]);
    const sameUsername = await call(register, {
      path: "/api/auth/register",
      body: { ...applicant, email: "other@club.example" },
    });
    expect({ status: sameUsername.status, body: sameUsername.body }).toEqual({
      status: sameEmail.status,
      body: sameEmail.body,
    });
    expect(await running.database.db.select().from(users).where(eq(users.email, "other@club.example"))).toEqual([]);
  });

  it("enforces the password policy", async () => {
    const reply = await call(register, {
      path: "/api/auth/register",
      body: { ...applicant, email: "weak@club.example", username: "weakling", password: "password" },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toMatchObject({ password: expect.any(Array) });
  });
});
