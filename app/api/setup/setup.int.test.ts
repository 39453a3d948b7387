import "@/tests/support/isolated-env";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, passwordPolicy, platformSettings, rolePermissions, roles, users } from "@/lib/platform/db/schema";
import { isSetupCode, setupCode } from "@/lib/setup/setup-code";
import { call, setCookieValue } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { SETUP_CODE_HEADERS, TEST_SETUP_CODE } from "@/tests/support/setup-code";
import { GET as me } from "../auth/me/route";
import { POST as configurePlatform } from "./platform/route";
import { GET as setupStatus } from "./status/route";
import { POST as createSuperAdmin } from "./superadmin/route";

let running: Platform;
const superAdmin = {
  email: "Owner@Club.example",
  username: "owner",
  password: "Strong-Passw0rd!",
  firstName: "Olga",
  lastName: "Owner",
};
const withCode = SETUP_CODE_HEADERS;
const userCount = async () => (await running.database.db.select({ n: count() }).from(users))[0]?.n;

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
});
afterAll(stopPlatform);

describe("first-run setup", () => {
  it("reports incomplete while no user exists", async () => {
    const reply = await call(setupStatus, { path: "/api/setup/status" });
    expect(reply).toMatchObject({ status: 200, body: { status: "incomplete" } });
  });

  // Issue 28: whoever reaches a freshly started server before its operator must not set it up.
  it("refuses both POSTs without the setup code or with a wrong one: 403 Setup.CodeRequired, nothing stored", async () => {
    const attempts = [
      call(configurePlatform, { path: "/api/setup/platform", body: { platformName: "Hijack" } }),
      call(configurePlatform, {
        path: "/api/setup/platform",
        headers: { "setup-code": "00000-00000-00000" },
        body: { platformName: "Hijack" },
      }),
      call(createSuperAdmin, { path: "/api/setup/superadmin", body: superAdmin }),
      call(createSuperAdmin, {
        path: "/api/setup/superadmin",
        headers: { "setup-code": `${TEST_SETUP_CODE}x` },
        body: superAdmin,
      }),
    ];
    for (const reply of await Promise.all(attempts))
      expect(reply).toMatchObject({ status: 403, body: { code: "Setup.CodeRequired" } });
    expect(await running.database.db.select().from(platformSettings)).toEqual([]);
    expect(await userCount()).toBe(0);
    expect(await running.database.db.select().from(auditOutbox)).toEqual([]);
  });

  it("takes the code as typed: any case, with spaces or dashes", async () => {
    const config = running.config;
    expect(await isSetupCode(config, TEST_SETUP_CODE.toUpperCase().replaceAll("-", " "))).toBe(true);
    // Without SETUP_CODE it is derived from AUTH_SECRET: three groups of five of Crockford's letters, the same each time.
    const derived = await setupCode({ ...config, SETUP_CODE: undefined });
    expect(derived).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(await setupCode({ ...config, SETUP_CODE: undefined })).toBe(derived);
    expect(await isSetupCode({ ...config, SETUP_CODE: undefined }, derived.toLowerCase())).toBe(true);
    expect(await isSetupCode({ ...config, SETUP_CODE: undefined }, TEST_SETUP_CODE)).toBe(false);
  });

  it("refuses the super-admin before the platform is configured", async () => {
    const reply = await call(createSuperAdmin, { path: "/api/setup/superadmin", headers: withCode, body: superAdmin });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: "Setup.PlatformNotConfigured", message: expect.any(String) });
  });

  it("rejects a platform without a name with a validation problem", async () => {
    const reply = await call(configurePlatform, {
      path: "/api/setup/platform",
      headers: withCode,
      body: { platformDescription: "x" },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ status: 400, errors: { platformName: [expect.any(String)] } });
    expect(await running.database.db.select().from(platformSettings)).toEqual([]);
  });

  it("stores the platform configuration", async () => {
    const reply = await call(configurePlatform, {
      path: "/api/setup/platform",
      headers: withCode,
      body: { platformName: "  Club Náutico  ", platformDescription: "Sailing since 1920" },
    });
    expect(reply).toMatchObject({
      status: 200,
      body: { platformName: "Club Náutico", platformDescription: "Sailing since 1920" },
    });
    const [stored] = await running.database.db.select().from(platformSettings);
    expect(stored).toMatchObject({ platformName: "Club Náutico", platformDescription: "Sailing since 1920" });
  });

  it("rejects invalid super-admin fields, naming each, and stores nothing", async () => {
    const reply = await call(createSuperAdmin, {
      path: "/api/setup/superadmin",
      headers: withCode,
      body: { ...superAdmin, email: "not-an-email", username: "x", firstName: "" },
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.errors as object).sort()).toEqual(["email", "firstName", "username"]);
    expect(await userCount()).toBe(0);
  });

  it("enforces the password policy on the super-admin's password", async () => {
    const reply = await call(createSuperAdmin, {
      path: "/api/setup/superadmin",
      headers: withCode,
      body: { ...superAdmin, password: "owner" },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual({
      password: ["Use at least 12 characters.", "Do not include your name, username or email address."],
    });
    expect(await userCount()).toBe(0);
  });

  it("creates the super-admin with the defaults and signs them in", async () => {
    const reply = await call(createSuperAdmin, { path: "/api/setup/superadmin", headers: withCode, body: superAdmin });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      accessToken: expect.stringMatching(/^ey/),
      tokenType: "Bearer",
      email: "Owner@Club.example",
      role: "SuperAdmin",
      mustChangePassword: false,
    });
    expect(reply.body).not.toHaveProperty("refreshToken");
    const cookie = reply.headers.getSetCookie()[0] ?? "";
    expect(cookie).toMatch(/^clubops_refresh=[\w-]{43}; Path=\/api\/auth; Max-Age=1209600; HttpOnly; SameSite=Strict$/);
    expect(setCookieValue(reply, "clubops_refresh")).toHaveLength(43);

    const db = running.database.db;
    expect((await db.select({ name: roles.name }).from(roles)).map((r) => r.name).sort()).toEqual([
      "Admin",
      "Employee",
      "SuperAdmin",
      "User",
    ]);
    const superAdminGrants = await db
      .select({ permission: rolePermissions.permission })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .where(eq(roles.name, "SuperAdmin"));
    expect(superAdminGrants).toEqual([{ permission: "*" }]);
    expect(await db.select().from(passwordPolicy)).toEqual([
      expect.objectContaining({ minLength: 12, maxFailedAttempts: 5 }),
    ]);
    const [stored] = await db.select().from(users);
    expect(stored).toMatchObject({ username: "owner", mustChangePassword: false });
    // At the configured cost (vitest.config.ts lowers it; lib/auth/password.test.ts proves production's).
    expect(stored?.passwordHash).toMatch(
      new RegExp(`^pbkdf2-sha512\\$${running.config.PASSWORD_HASH_ITERATIONS}\\$[A-Za-z0-9+/=]{24}\\$`),
    );
    const audit = await db.select().from(auditOutbox).where(eq(auditOutbox.action, "setup.superadmin_created"));
    expect(audit).toEqual([expect.objectContaining({ severity: "Warning", entityId: stored?.id })]);

    const profile = await call(me, { path: "/api/auth/me", token: String(reply.body.accessToken) });
    expect(profile).toMatchObject({
      status: 200,
      body: { username: "owner", role: "SuperAdmin", roles: ["SuperAdmin"] },
    });
    expect(profile.body.permissions).toEqual(
      expect.arrayContaining(["*", "users:read", "roles:write", "promotions:read"]),
    );
  });

  it("is complete afterwards and both POST endpoints answer 409 Setup.AlreadyCompleted, with or without the code", async () => {
    expect((await call(setupStatus, { path: "/api/setup/status" })).body).toEqual({ status: "complete" });
    const platformReply = await call(configurePlatform, {
      path: "/api/setup/platform",
      body: { platformName: "Hijack" },
    });
    const adminReply = await call(createSuperAdmin, {
      path: "/api/setup/superadmin",
      headers: withCode,
      body: { ...superAdmin, email: "second@club.example", username: "second" },
    });
    for (const reply of [platformReply, adminReply]) {
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ code: "Setup.AlreadyCompleted", message: expect.any(String) });
    }
    expect(await userCount()).toBe(1);
    expect((await running.database.db.select().from(platformSettings))[0]?.platformName).toBe("Club Náutico");
  });
});

describe("setup rate limit", () => {
  it("answers 429 RateLimit.Exceeded with Retry-After once a client IP passes the limit", async () => {
    const ip = "192.0.2.44";
    const replies = [];
    for (let i = 0; i < 11; i += 1) replies.push(await call(setupStatus, { path: "/api/setup/status", ip }));
    expect(replies.slice(0, 10).map((reply) => reply.status)).toEqual(Array(10).fill(200));
    const limited = replies[10];
    expect(limited?.status).toBe(429);
    expect(limited?.body).toEqual({ code: "RateLimit.Exceeded", message: expect.stringMatching(/^Too many requests/) });
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await call(setupStatus, { path: "/api/setup/status", ip: "192.0.2.45" })).status).toBe(200);
  });
});

describe.runIf(process.env.DATABASE_URL)("super-admin race on real PostgreSQL", () => {
  it("lets exactly one of 50 parallel requests create the super-admin", async () => {
    await resetDatabase(running.database);
    await call(configurePlatform, {
      path: "/api/setup/platform",
      headers: withCode,
      body: { platformName: "Race Club" },
    });
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(createSuperAdmin, {
          path: "/api/setup/superadmin",
          headers: withCode,
          body: { ...superAdmin, email: `racer${i}@club.example`, username: `racer${i}` },
        }),
      ),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const reply of replies.filter((r) => r.status === 409)) expect(reply.body.code).toBe("Setup.AlreadyCompleted");
    expect(await userCount()).toBe(1);
    expect(await running.database.db.select({ n: count() }).from(roles)).toEqual([{ n: 4 }]);
  });
});
