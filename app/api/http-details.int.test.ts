import "@/tests/support/isolated-env";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { users } from "@/lib/platform/db/schema";
import { completeSetup, createAccount, SUPER_ADMIN } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { addEmployee } from "@/tests/support/staff";
import * as loginRoute from "./auth/login/route";
import { POST as logout } from "./auth/logout/route";
import { GET as me } from "./auth/me/route";
import * as memberRoute from "./members/[id]/route";
import { GET as getMember } from "./members/[id]/route";
import { POST as enroll } from "./members/enroll/route";
import * as membersRoute from "./members/route";
import { POST as createPlan } from "./plans/route";
import { GET as publicSettings } from "./settings/public/route";
import { GET as ownClock } from "./users/me/clock/route";
import { POST as clockIn } from "./users/me/clock-in/route";

// Issue 15, item 4 (HTTP details) and the public settings of item 8, at HTTP level; the paged subscriptions are in
// members/[id]/subscriptions, Location of every other 201 in openapi.json/openapi.int.test.ts.

const TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
const TRACE_ID = "0af7651916cd43dd8448eb211c80319c";

let running: Platform;
let token: string;

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
});
afterAll(stopPlatform);

describe("GET /api/settings/public", () => {
  const read = () => call(publicSettings, { path: "/api/settings/public" });

  it("answers before setup, with no club name yet", async () => {
    const before = await read();
    expect(before).toMatchObject({ status: 200, body: { clubName: null } });
    token = await completeSetup();
  });

  it("tells any client the club's name, time zone, currency, languages and upload limits, and nothing else", async () => {
    const reply = await read();
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      clubName: "Test Club",
      timeZone: running.config.CLUB_TIMEZONE,
      currency: running.config.CURRENCY,
      languages: ["en", "es"],
      defaultLanguage: "en",
      uploadLimitBytes: {
        "club-documents": running.config.FILE_LIMIT_DOCUMENTS_MB * 1024 * 1024,
        "club-images": running.config.FILE_LIMIT_IMAGES_MB * 1024 * 1024,
        "club-temp": running.config.FILE_LIMIT_TEMP_MB * 1024 * 1024,
      },
    });
    expect(reply.headers.get("cache-control")).toBe("public, max-age=60");
    expect(reply.headers.get("x-trace-id")).toMatch(/^[\da-f]{32}$/);
  });
});

describe("Cache-Control on a signed-in caller's answers", () => {
  it("is no-store on what a signed-in caller reads, writes or is refused; public answers keep their own", async () => {
    const plan = await call(createPlan, {
      path: "/api/plans",
      token,
      body: { name: "Cached", code: "CACHED", monthlyPrice: "10.00" },
    });
    const answers = [
      plan,
      await call(membersRoute.GET, { path: "/api/members", token }),
      await call(me, { path: "/api/auth/me", token }),
      await call(membersRoute.GET, { path: "/api/members" }),
      await call(getMember, { path: "/api/members/x", token, params: { id: "00000000-0000-4000-8000-000000000000" } }),
    ];
    expect(answers.map((reply) => [reply.status, reply.headers.get("cache-control")])).toEqual([
      [201, "no-store"],
      [200, "no-store"],
      [200, "no-store"],
      [401, "no-store"],
      [404, "no-store"],
    ]);
    expect((await call(publicSettings, { path: "/api/settings/public" })).headers.get("cache-control")).toBe(
      "public, max-age=60",
    );
  });
});

describe("405 for a method a known path does not offer", () => {
  it("answers problem details with Allow and the trace id, before authentication", async () => {
    const reply = await call(membersRoute.DELETE, {
      method: "DELETE",
      path: "/api/members",
      headers: { traceparent: TRACEPARENT },
    });
    expect(reply.status).toBe(405);
    expect(reply.headers.get("content-type")).toBe("application/problem+json");
    expect(reply.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
    expect(reply.headers.get("x-trace-id")).toBe(TRACE_ID);
    expect(reply.body).toEqual({
      type: "https://tools.ietf.org/html/rfc9110#section-15.5.6",
      title: "The method is not allowed on this resource.",
      status: 405,
      instance: "DELETE /api/members",
      traceId: TRACE_ID,
      detail: "DELETE is not allowed here; the allowed methods are GET, HEAD, OPTIONS, POST.",
    });
  });

  it("lists a resource's own methods, HEAD only beside GET", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const onMember = await call(memberRoute.POST, {
      path: `/api/members/${id}`,
      params: { id },
      body: {},
    });
    expect(onMember.status).toBe(405);
    expect(onMember.headers.get("allow")).toBe("DELETE, GET, HEAD, OPTIONS, PUT");
    const onLogin = await call(loginRoute.GET, { path: "/api/auth/login" });
    expect(onLogin.headers.get("allow")).toBe("OPTIONS, POST");
    const headOnLogin = await call(loginRoute.HEAD, { method: "HEAD", path: "/api/auth/login" });
    expect(headOnLogin.status).toBe(405);
  });

  it("answers OPTIONS 204 with Allow", async () => {
    const reply = await call(membersRoute.OPTIONS, { method: "OPTIONS", path: "/api/members" });
    expect(reply.status).toBe(204);
    expect(reply.body).toBeNull();
    expect(reply.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
  });
});

describe("WWW-Authenticate on 401 (RFC 6750)", () => {
  const profile = (headers: Record<string, string> = {}) => call(me, { path: "/api/auth/me", headers });

  it("challenges without an error when no bearer token was sent", async () => {
    const reply = await profile();
    expect(reply).toMatchObject({ status: 401, body: { code: "Auth.MissingToken" } });
    expect(Object.keys(reply.body)).toEqual(["code", "message"]);
    expect(reply.headers.get("www-authenticate")).toBe("Bearer");
  });

  it('says error="invalid_token" when the token sent is malformed, expired or revoked', async () => {
    const forged = await profile({ authorization: "Bearer not.a.jwt" });
    expect(forged).toMatchObject({ status: 401, body: { code: "Auth.InvalidToken" } });
    expect(forged.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');

    const signedIn = await call(loginRoute.POST, {
      path: "/api/auth/login",
      body: { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password, refreshTokenTransport: "body" },
    });
    const accessToken = String(signedIn.body.accessToken);
    const out = await call(logout, {
      path: "/api/auth/logout",
      method: "POST",
      token: accessToken,
      body: { refreshToken: signedIn.body.refreshToken },
    });
    expect(out.status).toBe(204);
    const revoked = await profile({ authorization: `Bearer ${accessToken}` });
    expect(revoked).toMatchObject({ status: 401, body: { code: "Auth.TokenRevoked" } });
    expect(revoked.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
  });

  it("challenges a refused password too, as every 401 must (RFC 9110)", async () => {
    const reply = await call(loginRoute.POST, {
      path: "/api/auth/login",
      body: { email: SUPER_ADMIN.email, password: "Wrong-Passw0rd!" },
    });
    expect(reply).toMatchObject({ status: 401, body: { code: "Auth.InvalidCredentials" } });
    expect(reply.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("is not sent with a 403", async () => {
    const plainUser = await createAccount(token, ["User"]);
    const forbidden = await call(createPlan, { path: "/api/plans", token: plainUser.token, body: {} });
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.has("www-authenticate")).toBe(false);
  });
});

describe("the trace id header on business errors", () => {
  it("carries the request's trace id while the body keeps the spec's {code, message}", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const reply = await call(getMember, {
      path: `/api/members/${id}`,
      params: { id },
      token,
      headers: { traceparent: TRACEPARENT },
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: "Member.NotFound", message: "No member has that id." });
    expect(reply.headers.get("x-trace-id")).toBe(TRACE_ID);
  });

  it("starts a new trace when none is sent, a different id for each request", async () => {
    const first = await call(me, { path: "/api/auth/me" });
    const second = await call(me, { path: "/api/auth/me" });
    expect(first.headers.get("x-trace-id")).toMatch(/^[\da-f]{32}$/);
    expect(second.headers.get("x-trace-id")).not.toBe(first.headers.get("x-trace-id"));
  });
});

describe("Location on 201", () => {
  it("names the enrolled member, which GET then answers", async () => {
    const plan = await call(createPlan, {
      path: "/api/plans",
      token,
      body: { name: "Gold", code: "GOLD", monthlyPrice: "49.90" },
    });
    expect(plan.headers.get("location")).toBe(`/api/plans/${plan.body.id}`);
    const enrolled = await call<{ member: { id: string } }>(enroll, {
      path: "/api/members/enroll",
      token,
      body: {
        member: { firstName: "Ana", lastName: "García", email: "ana@club.example" },
        subscription: { planId: plan.body.id, billingPeriod: "monthly" },
      },
    });
    expect(enrolled.status).toBe(201);
    const memberId = enrolled.body.member.id;
    expect(enrolled.headers.get("location")).toBe(`/api/members/${memberId}`);
    const followed = await call(getMember, { path: `/api/members/${memberId}`, params: { id: memberId }, token });
    expect(followed).toMatchObject({ status: 200, body: { id: memberId } });
  });

  it("names the clock state a clock-in changed (a check event has no URL of its own)", async () => {
    const [owner] = await running.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, SUPER_ADMIN.email));
    await addEmployee(running.database.db, String(owner?.id));
    const clocked = await call(clockIn, { path: "/api/users/me/clock-in", token, body: { source: "MobileApp" } });
    expect(clocked.status).toBe(201);
    expect(clocked.headers.get("location")).toBe("/api/users/me/clock");
    const state = await call(ownClock, { path: "/api/users/me/clock", token });
    expect(state).toMatchObject({ status: 200, body: { clockedIn: true, checkIn: { id: clocked.body.id } } });
  });
});
