import "@/tests/support/isolated-env";
import "./support/fuzz-env";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as changePassword } from "@/app/api/auth/change-password/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { POST as refresh } from "@/app/api/auth/refresh/route";
import { POST as createMember } from "@/app/api/members/route";
import { PUT as updateRole } from "@/app/api/roles/[id]/route";
import { POST as createRole } from "@/app/api/roles/route";
import { GET as setupStatus } from "@/app/api/setup/status/route";
import { DELETE as deactivateUser } from "@/app/api/users/[id]/route";
import { MAX_JSON_BODY_BYTES } from "@/lib/http/route";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { members } from "@/lib/platform/db/schema";
import { PEER_ADDRESS_HEADER } from "@/lib/platform/http/client-ip";
import { PERMISSIONS } from "@/lib/roles/permissions";
import { createAccount, loginAs } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { concretePath, documentedOperations, type Operation } from "./support/operations";
import { mailDeliveryQuiet } from "./support/quiet";
import { errorShapeProblem, type RawReply, type RawRequest, send } from "./support/request";
import { recordResults } from "./support/results";
import { changedTables, stateFingerprinter } from "./support/state";
import { forgedTokens, MALFORMED_AUTHORIZATION, oddlySignedTokens } from "./support/tokens";
import { buildWorld, type World } from "./support/world";

/**
 * Security checks of issue 7 (docs/reliability.md): the access matrix over every protected operation of the
 * OpenAPI document (not a hand-kept list: the permission is each route's declared `access`, the refusals its documented
 * codes), rate limits under concurrency, and the JSON body limit on real routes.
 */

const SOME_ID = "00000000-0000-4000-8000-000000000000";
const operations = documentedOperations();
const protectedOperations = operations.filter((operation) => operation.permission !== undefined);
/** Operations any signed-in user may call (own profile, password change, own records): no permission to lack. */
const forAnyone = (operation: Operation) => operation.permission === "authenticated";

/**
 * The exceptions, by name: everything else must need a permission. Derived alone, a route that lost its `access` (or
 * was opened to anyone signed in) would merely leave the matrix; here it fails until it is listed on purpose.
 */
const PUBLIC_OPERATIONS = [
  "GET /api/openapi.json",
  "GET /api/settings/public",
  "GET /api/setup/status",
  "POST /api/auth/accept-invitation",
  "POST /api/auth/confirm-email-change",
  "POST /api/auth/forgot-password",
  "POST /api/auth/login",
  "POST /api/auth/logout",
  "POST /api/auth/refresh",
  "POST /api/auth/register",
  "POST /api/auth/reset-password",
  "POST /api/auth/verify-email",
  "POST /api/setup/platform",
  "POST /api/setup/superadmin",
];
const FOR_ANY_SIGNED_IN_USER = [
  "GET /api/attendance-requests/{id}",
  "DELETE /api/auth/sessions",
  "DELETE /api/auth/sessions/{id}",
  "GET /api/auth/me",
  "GET /api/auth/sessions",
  "POST /api/auth/change-password",
  "PUT /api/auth/me/language",
];
/**
 * Whether the document says a caller who must still replace a temporary password is refused: every permission-gated
 * operation, and those "authenticated" ones that declare it (a request reached from one's own records); the own
 * profile and the password change itself let them through.
 */
/**
 * Self-service operations that end the caller's own sign-ins (one, or all: "sign out everywhere"): admitting them
 * changes what it should, and would end the tokens the matrix goes on using, so their admission is checked apart.
 */
const ENDS_OWN_SIGN_INS = new Set(["DELETE /api/auth/sessions", "DELETE /api/auth/sessions/{id}"]);

const refusesTemporaryPassword = (operation: Operation) =>
  operation.documentedCodes.get(403)?.has("Auth.PasswordChangeRequired") ?? false;

let running: Platform;
let world: World;
const revoked: Record<string, string> = {};
let forged: Record<string, string>;
const figures: Record<string, unknown> = {};

function requestFor(operation: Operation, authorization: string | undefined): RawRequest {
  const params = Object.fromEntries(
    operation.parameters
      .filter((p) => p.in === "path")
      .map((p) => [p.name, p.name === "date" ? "2026-01-15" : p.name === "name" ? "welcome" : SOME_ID]),
  );
  const headers: Record<string, string> = { [PEER_ADDRESS_HEADER]: "10.0.0.1" };
  if (authorization !== undefined) headers.authorization = authorization;
  const withBody = operation.body !== undefined;
  if (withBody) headers["content-type"] = "application/json";
  return {
    method: operation.method,
    path: concretePath(operation.path, params),
    params,
    headers,
    body: withBody ? "{}" : undefined,
  };
}

async function expectRefusal(
  operation: Operation,
  authorization: string | undefined,
  status: number,
  code: string,
): Promise<RawReply> {
  const raw = requestFor(operation, authorization);
  const reply = await send(operation.handler, raw);
  expect({ operation: operation.name, status: reply.status, body: reply.json }).toEqual({
    operation: operation.name,
    status,
    body: { code, message: expect.any(String) },
  });
  expect(errorShapeProblem(raw, reply)).toBeNull();
  return reply;
}

/** The caller got past authentication and authorization: whatever the answer is, it is not a 401 or 403 (nor a 5xx). */
async function expectAdmitted(operation: Operation, token: string, caller: string): Promise<void> {
  const reply = await send(operation.handler, requestFor(operation, `Bearer ${token}`));
  const seen = `${operation.name} for ${caller}: ${reply.status} ${reply.text.slice(0, 200)}`;
  expect([401, 403], seen).not.toContain(reply.status);
  expect(reply.status, seen).toBeLessThan(500);
}

beforeAll(async () => {
  running = await platform();
  world = await buildWorld(running);
  forged = await forgedTokens(world.adminId, 0);
  revoked["logged out"] = world.loggedOutToken;
  revoked.blacklisted = world.blacklistedToken;

  const deactivated = await createAccount(world.adminToken, ["Admin"]);
  const reply = await call(deactivateUser, {
    method: "DELETE",
    path: `/api/users/${deactivated.id}`,
    token: world.adminToken,
    params: { id: deactivated.id },
  });
  if (reply.status !== 204) throw new Error(`deactivate: ${reply.status}`);
  revoked.deactivated = deactivated.token;

  const changed = await createAccount(world.adminToken, ["Admin"]);
  const renewed = await call(changePassword, {
    path: "/api/auth/change-password",
    token: changed.token,
    body: { currentPassword: changed.password, newPassword: "Yet-Another-Passw0rd9" },
  });
  if (renewed.status !== 200) throw new Error(`change password: ${renewed.status}`);
  revoked["password changed since"] = changed.token;

  // Its refresh token was copied and used after two of the owner's own refreshes (a token two rotations old is reuse
  // even within REFRESH_REUSE_INTERVAL_SECONDS): the whole sign-in ends.
  const stolen = await call(login, {
    path: "/api/auth/login",
    body: { email: changed.email, password: "Yet-Another-Passw0rd9", refreshTokenTransport: "body" },
  });
  const refreshWith = (token: unknown) => call(refresh, { path: "/api/auth/refresh", body: { refreshToken: token } });
  const rotated = await refreshWith((await refreshWith(stolen.body.refreshToken)).body.refreshToken);
  const replayed = await refreshWith(stolen.body.refreshToken);
  if (rotated.status !== 200 || replayed.status !== 401)
    throw new Error(`refresh-token reuse: ${rotated.status}, ${replayed.status}`);
  revoked["sign-in ended by refresh-token reuse"] = String(rotated.body.accessToken);
}, 120_000);

afterAll(async () => {
  recordResults("security", figures);
  await stopPlatform();
});

describe("token matrix over every protected operation of the OpenAPI document", () => {
  it("gates every operation on a permission but the listed public and self-service ones", () => {
    const names = (selected: Operation[]) => selected.map((operation) => operation.name).sort();
    expect(names(operations.filter((operation) => operation.permission === undefined))).toEqual(
      [...PUBLIC_OPERATIONS].sort(),
    );
    expect(names(protectedOperations.filter(forAnyone))).toEqual([...FOR_ANY_SIGNED_IN_USER].sort());
  });

  it(`refuses missing, malformed, forged, expired and revoked tokens, missing permissions and temporary passwords, on all ${protectedOperations.length}, changing nothing`, async () => {
    expect(protectedOperations.length).toBeGreaterThanOrEqual(80);
    const fingerprint = await stateFingerprinter(running.database);
    // The accounts made above queued mail whose background delivery may still be writing.
    await mailDeliveryQuiet();
    const before = await fingerprint();
    let requests = 0;
    for (const operation of protectedOperations) {
      await expectRefusal(operation, undefined, 401, "Auth.MissingToken");
      for (const header of MALFORMED_AUTHORIZATION) {
        const reply = await send(operation.handler, requestFor(operation, header));
        expect([401], `${operation.name} with Authorization ${header.slice(0, 40)}`).toContain(reply.status);
        expect(["Auth.MissingToken", "Auth.InvalidToken"]).toContain((reply.json as { code: string }).code);
      }
      for (const [name, token] of Object.entries(forged)) {
        const reply = await expectRefusal(operation, `Bearer ${token}`, 401, "Auth.InvalidToken").catch(
          (error: Error) => {
            throw new Error(`${operation.name}, token "${name}": ${error.message}`);
          },
        );
        expect(reply.status).toBe(401);
      }
      for (const [name, token] of Object.entries(revoked)) {
        await expectRefusal(operation, `Bearer ${token}`, 401, "Auth.TokenRevoked").catch((error: Error) => {
          throw new Error(`${operation.name}, ${name} token: ${error.message}`);
        });
      }
      if (ENDS_OWN_SIGN_INS.has(operation.name)) {
        requests += 1 + MALFORMED_AUTHORIZATION.length + Object.keys(forged).length + Object.keys(revoked).length;
        continue;
      }
      // A signed-in user whose only role grants nothing: refused by every permission, admitted where none is needed.
      if (forAnyone(operation)) await expectAdmitted(operation, world.plainUser.token, "a user without permissions");
      else await expectRefusal(operation, `Bearer ${world.plainUser.token}`, 403, "Auth.Forbidden");
      // An Admin (every permission) who has not replaced the temporary password yet.
      if (refusesTemporaryPassword(operation))
        await expectRefusal(operation, `Bearer ${world.temporaryPasswordToken}`, 403, "Auth.PasswordChangeRequired");
      else await expectAdmitted(operation, world.temporaryPasswordToken, "a temporary password");
      requests += 3 + MALFORMED_AUTHORIZATION.length + Object.keys(forged).length + Object.keys(revoked).length;
    }
    expect(changedTables(before, await fingerprint())).toEqual([]);
    figures.tokenMatrix = {
      operations: protectedOperations.length,
      requests,
      forgedKinds: Object.keys(forged).length,
      malformedHeaders: MALFORMED_AUTHORIZATION.length,
      revokedKinds: Object.keys(revoked),
      refusedAsDocumented: requests,
      forAnyone: protectedOperations.filter(forAnyone).map((operation) => operation.name),
      temporaryPasswordAdmittedTo: protectedOperations
        .filter((operation) => !refusesTemporaryPassword(operation))
        .map((operation) => operation.name),
    };
    // Both sides of each special case are exercised, so a document that stopped listing them would show here.
    expect(protectedOperations.filter(forAnyone).filter(refusesTemporaryPassword).length).toBeGreaterThan(0);
    expect(protectedOperations.filter((operation) => !refusesTemporaryPassword(operation)).length).toBeGreaterThan(0);
  });

  it("admits a user without permissions and one with a temporary password to ending their own sign-ins", async () => {
    const signIns = protectedOperations.filter((operation) => ENDS_OWN_SIGN_INS.has(operation.name));
    expect(signIns.map((operation) => operation.name).sort()).toEqual([...ENDS_OWN_SIGN_INS].sort());
    // Each on a sign-in of its own; "sign out everywhere" ends the plain user's and the temporary admin's others too,
    // which no later test of this file uses.
    for (const operation of signIns) {
      await expectAdmitted(operation, await loginAs(world.plainUser.email, world.plainUser.password), "a plain user");
      await expectAdmitted(operation, await loginAs("fresh@club.example", "Temporary-Pass1x"), "a temporary password");
    }
  });

  it("admits a user holding exactly the declared permission, and refuses one holding every other permission", async () => {
    // One account whose one role is rewritten per permission, through the API as staff would.
    const role = await call(createRole, {
      path: "/api/roles",
      token: world.adminToken,
      body: { name: "Probe", permissions: [] },
    });
    if (role.status !== 201) throw new Error(`role: ${role.status} ${JSON.stringify(role.body)}`);
    const roleId = String(role.body.id);
    const probe = await createAccount(world.adminToken, ["Probe"]);
    const grant = async (permissions: readonly string[]) => {
      const reply = await call(updateRole, {
        method: "PUT",
        path: `/api/roles/${roleId}`,
        params: { id: roleId },
        token: world.adminToken,
        body: { name: "Probe", permissions },
      });
      if (reply.status !== 200) throw new Error(`role update: ${reply.status} ${JSON.stringify(reply.body)}`);
    };
    const gated = protectedOperations.filter((operation) => !forAnyone(operation));
    const permissions = [...new Set(gated.map((operation) => operation.permission as string))];
    for (const permission of permissions) {
      const needing = gated.filter((operation) => operation.permission === permission);
      await grant([permission]);
      for (const operation of needing) await expectAdmitted(operation, probe.token, `a user with only ${permission}`);
      await grant(PERMISSIONS.filter((other) => other !== permission));
      for (const operation of needing)
        await expectRefusal(operation, `Bearer ${probe.token}`, 403, "Auth.Forbidden").catch((error: Error) => {
          throw new Error(`${operation.name} for a user with every permission but ${permission}: ${error.message}`);
        });
    }
    figures.exactPermission = { permissions: permissions.length, operations: gated.length, requests: 2 * gated.length };
  });

  it("refuses a validly signed token of an unknown user with 401 Auth.TokenRevoked", async () => {
    const odd = await oddlySignedTokens();
    for (const operation of protectedOperations)
      await expectRefusal(operation, `Bearer ${odd["unknown user"]}`, 401, "Auth.TokenRevoked");
  });

  // Only a token signed with the server's own key can carry such a subject; it must still be a 401, not a database error.
  it("refuses a validly signed token whose subject is not a uuid with 401 Auth.InvalidToken", async () => {
    const odd = await oddlySignedTokens();
    const operation = protectedOperations.find((candidate) => candidate.name === "GET /api/auth/me")!;
    for (const name of ["subject not a uuid", "subject with SQL", "subject with NUL"])
      await expectRefusal(operation, `Bearer ${odd[name]}`, 401, "Auth.InvalidToken");
  });
});

describe("refresh-token cookie", () => {
  // Found by the fuzzer (seed 148366608): a malformed percent-escape used to throw URIError (500).
  it("answers a malformed cookie like an invalid refresh token (401 on refresh, 204 on logout)", async () => {
    const headers = { cookie: "clubops_refresh=Ana%", [PEER_ADDRESS_HEADER]: "10.0.0.3" };
    const refreshed = await send(refresh, { method: "POST", path: "/api/auth/refresh", headers });
    expect(refreshed.status).toBe(401);
    const loggedOut = await send(logout, { method: "POST", path: "/api/auth/logout", headers });
    expect(loggedOut.status).toBe(204);
  });
});

describe("rate limits under concurrency", () => {
  let attempts = 0;
  // Each attempt at another email, so that only the per-address limit can refuse it (not an email's throttle).
  const attempt = (peer: string, forwardedFor?: string) =>
    send(login, {
      method: "POST",
      path: "/api/auth/login",
      headers: {
        "content-type": "application/json",
        [PEER_ADDRESS_HEADER]: peer,
        ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
      },
      body: JSON.stringify({ email: `nobody${++attempts}@club.example`, password: "Wrong-Passw0rd!" }),
    });

  it("lets exactly RATE_LIMIT_AUTH_PER_MINUTE of 50 simultaneous logins from one IP through", async () => {
    const limit = running.config.RATE_LIMIT_AUTH_PER_MINUTE;
    const replies = await Promise.all(Array.from({ length: 50 }, () => attempt("198.51.100.7")));
    const passed = replies.filter((reply) => reply.status === 401);
    const limited = replies.filter((reply) => reply.status === 429);
    expect(passed).toHaveLength(limit);
    expect(limited).toHaveLength(50 - limit);
    for (const reply of limited)
      expect(reply.json).toEqual({ code: "RateLimit.Exceeded", message: expect.stringMatching(/^Too many requests/) });
    // Another client is not affected.
    expect((await attempt("198.51.100.8")).status).toBe(401);
    figures.authRateLimit = {
      concurrent: 50,
      limit,
      passed: passed.length,
      limited: limited.length,
      cache: running.cache.kind,
    };
  });

  it("cannot be dodged with a new X-Forwarded-For on every request", async () => {
    const limit = running.config.RATE_LIMIT_AUTH_PER_MINUTE;
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => attempt("198.51.100.9", `10.1.${i}.1`)));
    expect(replies.filter((reply) => reply.status === 401)).toHaveLength(limit);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(50 - limit);
  });

  it("lets exactly RATE_LIMIT_SETUP_PER_MINUTE of 50 simultaneous setup calls from one IP through", async () => {
    const limit = running.config.RATE_LIMIT_SETUP_PER_MINUTE;
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        send(setupStatus, {
          method: "GET",
          path: "/api/setup/status",
          headers: { [PEER_ADDRESS_HEADER]: "198.51.100.10" },
        }),
      ),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(limit);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(50 - limit);
    figures.setupRateLimit = { concurrent: 50, limit, passed: limit, limited: 50 - limit };
  });
});

describe("request body limit (1 MiB of JSON) on a real route", () => {
  const memberCount = async () => (await running.database.db.select({ n: count() }).from(members))[0]!.n;
  const post = (body: string | Uint8Array | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) => {
    const request = new Request("http://localhost/api/members", {
      method: "POST",
      headers: {
        authorization: `Bearer ${world.adminToken}`,
        "content-type": "application/json",
        [PEER_ADDRESS_HEADER]: "10.0.0.2",
        ...headers,
      },
      body: body as BodyInit,
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);
    return createMember(request, { params: Promise.resolve({}) });
  };
  /** A member whose notes pad the JSON to exactly `bytes` bytes. */
  const memberOfSize = (bytes: number) => {
    const bare = JSON.stringify({ firstName: "Big", lastName: "Body", email: "big@club.example", notes: "" });
    return JSON.stringify({
      firstName: "Big",
      lastName: "Body",
      email: "big@club.example",
      notes: "x".repeat(bytes - bare.length),
    });
  };

  it("answers 413 problem details one byte over the limit and stores nothing; at the limit the body is read and validated", async () => {
    const before = await memberCount();
    const over = await post(memberOfSize(MAX_JSON_BODY_BYTES + 1));
    expect(over.status).toBe(413);
    expect(over.headers.get("content-type")).toBe("application/problem+json");
    expect(await over.json()).toMatchObject({
      status: 413,
      title: expect.any(String),
      instance: "POST /api/members",
      traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const atLimit = await post(memberOfSize(MAX_JSON_BODY_BYTES));
    expect(atLimit.status).toBe(400);
    expect(await atLimit.json()).toMatchObject({ errors: { notes: expect.any(Array) } });
    expect(await memberCount()).toBe(before);
  });

  it("counts bytes, not characters: 600,000 two-byte characters are over the limit", async () => {
    expect(
      (await post(JSON.stringify({ firstName: "é".repeat(600_000), lastName: "x", email: "e@club.example" }))).status,
    ).toBe(413);
  });

  it("refuses a declared Content-Length over the limit before reading, and stops reading a streamed body once it passes the limit", async () => {
    expect((await post("{}", { "content-length": String(50 * MAX_JSON_BODY_BYTES) })).status).toBe(413);
    // A chunked body (no Content-Length) of up to 256 MiB: the server must not buffer it all to find it too large.
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let pulled = 0;
    const huge = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 256 * 1024 * 1024) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    expect((await post(huge)).status).toBe(413);
    expect(pulled).toBeLessThan(MAX_JSON_BODY_BYTES + 4 * chunk.length);
    figures.streamedBodyBytesRead = pulled;
  });

  it("answers 50 simultaneous 2 MiB bodies with 413 each", async () => {
    const big = memberOfSize(2 * MAX_JSON_BODY_BYTES);
    const statuses = (await Promise.all(Array.from({ length: 50 }, () => post(big)))).map(
      (response) => response.status,
    );
    expect(new Set(statuses)).toEqual(new Set([413]));
    figures.bodyLimit = {
      limitBytes: MAX_JSON_BODY_BYTES,
      overByOneByte: 413,
      atLimit: 400,
      declaredTooLong: 413,
      streamedTooLong: 413,
      concurrentTwoMiB: 50,
    };
  });
});
