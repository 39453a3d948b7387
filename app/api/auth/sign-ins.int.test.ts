import "@/tests/support/isolated-env";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashOpaqueToken } from "@/lib/auth/opaque-token";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, refreshTokens } from "@/lib/platform/db/schema";
import { type Account, completeSetup, createAccount } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as login } from "./login/route";
import { GET as me } from "./me/route";
import { POST as refresh } from "./refresh/route";
import { DELETE as endOne } from "./sessions/[id]/route";
import { DELETE as endAll, GET as list } from "./sessions/route";

// Issue 28 item 9: a person sees where they are signed in, ends one sign-in or all of them, and a sign-in left unused
// past SESSION_IDLE_MINUTES (default 720) ends by itself (OWASP ASVS 3.3.2).

type SignInReply = { accessToken: string; refreshToken: string };
type SignInRow = { id: string; startedAt: string; lastActiveAt: string; userAgent: string | null; current: boolean };

let running: Platform;
let ana: Account;
let bruno: Account;

const signIn = async (account: Account, userAgent: string) =>
  (
    await call<SignInReply>(login, {
      path: "/api/auth/login",
      headers: { "user-agent": userAgent },
      body: { email: account.email, password: account.password, refreshTokenTransport: "body" },
    })
  ).body;
const signInsOf = async (token: string) =>
  (await call<{ items: SignInRow[] }>(list, { path: "/api/auth/sessions", token })).body.items;
const profileWith = (token: string) => call(me, { path: "/api/auth/me", token });
const refreshWith = (refreshToken: string) => call(refresh, { path: "/api/auth/refresh", body: { refreshToken } });
/** The sign-in (refresh-token family) a refresh token belongs to. */
const familyOf = async (refreshToken: string) => {
  const [row] = await running.database.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)));
  return String(row?.familyId);
};
const auditOf = (action: string, userId: string) =>
  running.database.db
    .select()
    .from(auditOutbox)
    .where(and(eq(auditOutbox.action, action), eq(auditOutbox.entityId, userId)));

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  const admin = await completeSetup();
  [ana, bruno] = [await createAccount(admin, ["Employee"]), await createAccount(admin, ["Employee"])];
});
afterAll(stopPlatform);

describe("GET /api/auth/sessions", () => {
  it("lists the caller's own sign-ins, newest use first, marking the one asking", async () => {
    const laptop = await signIn(ana, "Firefox on a laptop");
    const phone = await signIn(ana, "ClubOps for Android");
    await signIn(bruno, "Bruno's browser");
    const items = await signInsOf(phone.accessToken);
    const mine = items.filter((item) => item.userAgent !== null && /laptop|Android/.test(item.userAgent));
    expect(mine.map((item) => [item.userAgent, item.current])).toEqual([
      ["ClubOps for Android", true],
      ["Firefox on a laptop", false],
    ]);
    expect(items.some((item) => item.userAgent === "Bruno's browser")).toBe(false);
    expect(new Date(mine[0]!.lastActiveAt).getTime()).toBeGreaterThanOrEqual(new Date(mine[1]!.lastActiveAt).getTime());
    expect((await signInsOf(laptop.accessToken)).find((item) => item.current)?.userAgent).toBe("Firefox on a laptop");
  });

  it("answers 401 without a token on all three operations", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const reply of [
      await call(list, { path: "/api/auth/sessions" }),
      await call(endAll, { path: "/api/auth/sessions", method: "DELETE" }),
      await call(endOne, { path: `/api/auth/sessions/${id}`, method: "DELETE", params: { id } }),
    ])
      expect(reply).toMatchObject({ status: 401, body: { code: "Auth.MissingToken" } });
  });
});

describe("DELETE /api/auth/sessions/{id}", () => {
  it("ends another of the caller's sign-ins: its access and refresh tokens are refused, audited", async () => {
    const left = await signIn(ana, "The front desk's computer");
    const leftId = await familyOf(left.refreshToken);
    const here = await signIn(ana, "Ana's phone");
    const reply = await call(endOne, {
      path: `/api/auth/sessions/${leftId}`,
      method: "DELETE",
      params: { id: leftId },
      token: here.accessToken,
    });
    expect(reply.status).toBe(204);
    expect(await profileWith(left.accessToken)).toMatchObject({ status: 401, body: { code: "Auth.TokenRevoked" } });
    expect(await refreshWith(left.refreshToken)).toMatchObject({
      status: 401,
      body: { code: "Auth.InvalidRefreshToken" },
    });
    expect((await profileWith(here.accessToken)).status).toBe(200);
    expect((await signInsOf(here.accessToken)).map((item) => item.id)).not.toContain(leftId);
    expect(await auditOf("auth.sign_in_ended", ana.id)).toMatchObject([{ data: { signInId: leftId } }]);
  });

  it("answers 404 Auth.SignInNotFound for someone else's sign-in or an unknown one, and ends nothing", async () => {
    const brunos = await signIn(bruno, "Bruno's tablet");
    const brunosId = await familyOf(brunos.refreshToken);
    const anas = await signIn(ana, "Ana's laptop");
    for (const id of [brunosId, "00000000-0000-4000-8000-000000000000"]) {
      const reply = await call(endOne, {
        path: `/api/auth/sessions/${id}`,
        method: "DELETE",
        params: { id },
        token: anas.accessToken,
      });
      expect(reply).toMatchObject({ status: 404, body: { code: "Auth.SignInNotFound" } });
    }
    expect((await profileWith(brunos.accessToken)).status).toBe(200);
    expect((await refreshWith(brunos.refreshToken)).status).toBe(200);
  });
});

describe("DELETE /api/auth/sessions (sign out everywhere)", () => {
  it("ends every sign-in of the caller, this one included, and no one else's", async () => {
    const first = await signIn(ana, "Browser one");
    const second = await signIn(ana, "Browser two");
    const brunos = await signIn(bruno, "Bruno elsewhere");
    const reply = await call(endAll, { path: "/api/auth/sessions", method: "DELETE", token: second.accessToken });
    expect(reply.status).toBe(204);
    for (const session of [first, second]) {
      expect(await profileWith(session.accessToken)).toMatchObject({
        status: 401,
        body: { code: "Auth.TokenRevoked" },
      });
      expect((await refreshWith(session.refreshToken)).status).toBe(401);
    }
    expect((await profileWith(brunos.accessToken)).status).toBe(200);
    expect(await auditOf("auth.signed_out_everywhere", ana.id)).toMatchObject([{ severity: "Warning" }]);
    // Signing in again works as ever.
    expect((await profileWith((await signIn(ana, "Browser three")).accessToken)).status).toBe(200);
  });
});

describe("the idle timeout (SESSION_IDLE_MINUTES, 720 by default)", () => {
  it("refuses a refresh token last used over 12 hours ago, and leaves it off the list; 11 h 59 min is still fine", async () => {
    const idle = await signIn(bruno, "Idle since yesterday");
    const recent = await signIn(bruno, "Used this morning");
    const usedAgo = (minutes: number, refreshToken: string) =>
      running.database.db
        .update(refreshTokens)
        .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)));
    await usedAgo(721, idle.refreshToken);
    await usedAgo(719, recent.refreshToken);
    const listed = (await signInsOf(recent.accessToken)).map((item) => item.userAgent);
    expect(listed).toContain("Used this morning");
    expect(listed).not.toContain("Idle since yesterday");
    expect(await refreshWith(idle.refreshToken)).toMatchObject({
      status: 401,
      body: { code: "Auth.InvalidRefreshToken" },
    });
    expect((await refreshWith(recent.refreshToken)).status).toBe(200);
  });
});
