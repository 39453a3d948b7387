import "@/tests/support/isolated-env";
import "./support/fuzz-env";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as me } from "@/app/api/auth/me/route";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { PEER_ADDRESS_HEADER } from "@/lib/platform/http/client-ip";
import { randomIp } from "@/tests/support/api";
import { hostileJsonText, hostileKey, hostilePathParam, hostileString, hostileValue } from "./fuzz/hostile";
import { type Hostility, type IdPool, parameterText, valueFor, withOneHostileNode } from "./fuzz/schema-arbitrary";
import { concretePath, documentedOperations, type Operation, wellFormed } from "./support/operations";
import { mailDeliveryQuiet } from "./support/quiet";
import { errorShapeProblem, type RawReply, type RawRequest, send } from "./support/request";
import { recordResults } from "./support/results";
import { changedTables, type StateFingerprint, stateFingerprinter } from "./support/state";
import { forgedTokens, MALFORMED_AUTHORIZATION } from "./support/tokens";
import { buildWorld, idKindOf, type World } from "./support/world";

// The fuzzer asks what an answer is, not when it comes: sign-up's and forgot-password's answer floor (proven in
// app/api/auth/auth.int.test.ts) would add 300 ms to each of their ~210 requests, sent one after another, about a
// minute of the lane (109 s against 79 s before the floor, session 19).
vi.mock("@/lib/auth/answer-floor", async (original) => ({
  ...(await original<typeof import("@/lib/auth/answer-floor")>()),
  answerNoSooner: <T>(_floorMs: number, work: () => Promise<T>) => work(),
}));

/**
 * Property-based fuzzing of every operation of the OpenAPI document, in-process (docs/reliability.md).
 * FUZZ_RUNS requests in all (default 10,000), shared out evenly. The seed is fixed by default, so CI runs the same
 * requests every time; FUZZ_SEED=<number> replays another run, FUZZ_SEED=random explores new ones.
 */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const DEFAULT_SEED = 20_261_123;
const SEED = process.env.FUZZ_SEED === "random" ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const operations = documentedOperations();
const RUNS_PER_OPERATION = Math.ceil(TOTAL_RUNS / operations.length);

/**
 * Rejections the specification makes record something, so they are allowed to change state: a password guess is
 * counted by its throttle (docs/api.md, Login throttling) and a wrong one against an account is audited
 * (`auth.login_failed`, `auth.login_throttled`, `auth.password_change_throttled`).
 */
const STATEFUL_REJECTIONS: Record<string, readonly string[]> = {
  "POST /api/auth/login": ["password_throttles", "audit_outbox"],
  "POST /api/auth/change-password": ["password_throttles", "audit_outbox"],
};

type AuthChoice =
  | { kind: "admin" | "none" | "plain user" | "temporary password" | "logged out" | "blacklisted" }
  | { kind: "forged"; name: string }
  | { kind: "header"; value: string };

type FuzzCase = {
  hostility: Hostility;
  params: Record<string, string>;
  query: { pairs: [string, string][]; raw?: string };
  body?: { text: string | Uint8Array; contentType?: string };
  auth: AuthChoice;
  headers: Record<string, string>;
};

let running: Platform;
let world: World;
let fingerprint: () => Promise<StateFingerprint>;
let forged: Record<string, string>;

const tally = {
  requests: 0,
  byStatus: {} as Record<string, number>,
  serverErrors: 0,
  shapeViolations: 0,
  rejectedWrites: 0,
  stateChangesOnRejection: 0,
  undocumentedStatuses: {} as Record<string, number>,
  slowest: { ms: 0, request: "" },
};
const failures: { operation: string; seed: number; counterexample: string; error: string }[] = [];

const ids: (path: string) => IdPool = (path) => (name) => {
  const kind = idKindOf(name, path);
  return kind ? (world.ids[kind] ?? []) : [];
};

/** Header values are bytes: keep what Headers accepts (code points up to U+00FF, no CR/LF/NUL). */
const headerSafe = (text: string) => text.replace(/[^\x20-\x7e\x80-\xff\t]/g, "?");

const HOSTILE_TRACEPARENTS = [
  "",
  "00-",
  "ff-ffffffffffffffffffffffffffffffff-ffffffffffffffff-ff",
  "00-00000000000000000000000000000000-0000000000000000-00",
  "x".repeat(10_000),
];

function authArbitrary(operation: Operation): fc.Arbitrary<AuthChoice> {
  return fc.oneof(
    { arbitrary: fc.constant<AuthChoice>({ kind: "admin" }), weight: 80 },
    { arbitrary: fc.constant<AuthChoice>({ kind: "none" }), weight: 4 },
    {
      arbitrary: fc.constantFrom(...Object.keys(forged)).map((name): AuthChoice => ({ kind: "forged", name })),
      weight: 5,
    },
    {
      arbitrary: fc.constantFrom(...MALFORMED_AUTHORIZATION).map((value): AuthChoice => ({ kind: "header", value })),
      weight: 2,
    },
    {
      arbitrary: fc.constantFrom<AuthChoice>(
        { kind: "plain user" },
        { kind: "temporary password" },
        { kind: "logged out" },
        { kind: "blacklisted" },
      ),
      weight: operation.permission ? 6 : 1,
    },
  );
}

function queryArbitrary(operation: Operation, hostility: Hostility): fc.Arbitrary<FuzzCase["query"]> {
  const declared = operation.parameters.filter((parameter) => parameter.in === "query");
  const pairs = fc.tuple(
    ...declared.map((parameter) => {
      const value = parameterText(parameter.schema, hostility, ids(operation.path), parameter.name);
      // Required parameters are sent unless hostile; optional ones half the time.
      const present = parameter.required && hostility === 0 ? fc.constant(true) : fc.boolean();
      return fc
        .tuple(present, value, hostility > 0 ? fc.boolean() : fc.constant(false), value)
        .map(([send, first, twice, second]): [string, string][] =>
          !send
            ? []
            : twice
              ? [
                  [parameter.name, first],
                  [parameter.name, second],
                ]
              : [[parameter.name, first]],
        );
    }),
  );
  const extra: fc.Arbitrary<[string, string][]> =
    hostility === 0
      ? fc.constant([])
      : fc
          .array(fc.tuple(hostileKey, hostileString), { maxLength: hostility })
          .map((list) => list.map(([k, v]) => [k, v] as [string, string]));
  const raw = fc.constantFrom(
    "%",
    "%ZZ",
    "a=%00",
    "&&&",
    "=",
    "pageNumber",
    "pageSize=%FF%FE",
    "search=%E0%A4%A",
    "?",
    "#frag",
    "a[]=1&a[b]=2",
    "x=".padEnd(100_000, "y"),
  );
  return fc
    .tuple(pairs, extra, hostility === 3 ? fc.option(raw, { freq: 4 }) : fc.constant(null))
    .map(([declaredPairs, extraPairs, rawQuery]) => ({
      pairs: [...declaredPairs.flat(), ...extraPairs],
      raw: rawQuery ?? undefined,
    }));
}

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
];
const IMAGE_HEADS: readonly number[][] = [
  [0xff, 0xd8, 0xff, 0xe0],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
];
const OVER_FILE_LIMIT = new Uint8Array(1024 * 1024 + 1);

function bodyArbitrary(operation: Operation, hostility: Hostility): fc.Arbitrary<FuzzCase["body"]> {
  if (operation.rawBody) {
    const bytes = fc.oneof(
      { arbitrary: fc.uint8Array({ maxLength: 4096 }), weight: 6 },
      {
        arbitrary: fc
          .tuple(fc.constantFrom(...IMAGE_HEADS), fc.uint8Array({ maxLength: 1024 }))
          .map(([head, rest]) => Uint8Array.from([...head, ...rest])),
        weight: 4,
      },
      { arbitrary: fc.constant(OVER_FILE_LIMIT), weight: 1 },
      { arbitrary: fc.constant(new Uint8Array(0)), weight: 1 },
    );
    const type = fc.option(
      fc.constantFrom(
        ...(operation.rawBody ?? []),
        "text/html",
        "image/svg+xml",
        "application/octet-stream",
        "bogus",
        'image/png; x="y"',
      ),
      { freq: 5 },
    );
    return fc.tuple(bytes, type).map(([text, contentType]) => ({ text, contentType: contentType ?? undefined }));
  }
  if (!operation.body) {
    // Operations without a body should ignore one.
    if (operation.method === "GET" || hostility === 0) return fc.constant(undefined);
    return fc
      .option(
        fc
          .oneof(
            hostileJsonText,
            hostileValue.map((value) => JSON.stringify(value) ?? ""),
          )
          .map((text) => ({ text, contentType: "application/json" })),
        { freq: 2 },
      )
      .map((body) => body ?? undefined);
  }
  const schemaBody = valueFor(operation.body, hostility, ids(operation.path)).map(
    (value) => JSON.stringify(value) ?? "",
  );
  if (hostility === 0) return schemaBody.map((text) => ({ text, contentType: "application/json" }));
  const text = fc.oneof(
    { arbitrary: schemaBody, weight: 8 },
    { arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? "null"), weight: 2 },
    { arbitrary: hostileJsonText, weight: 2 },
    { arbitrary: fc.constant(""), weight: 1 },
  );
  return fc
    .tuple(text, fc.option(fc.constantFrom(...CONTENT_TYPES), { freq: 6 }), fc.boolean())
    .map(([body, contentType, omit]) =>
      omit && hostility === 3 ? undefined : { text: body, contentType: contentType ?? undefined },
    );
}

/** Where the "one field" mode puts its single hostile value. */
type Target = { kind: "body" } | { kind: "query" | "path"; name: string };

/**
 * A request that is valid but for one hostile value, in the body (one node of the JSON), one query parameter or
 * one path parameter, and otherwise signed in as the admin: the mode that reaches the services with bad data.
 */
function oneHostileValue(operation: Operation): fc.Arbitrary<FuzzCase> | null {
  const targets: Target[] = [
    ...(operation.body ? [{ kind: "body" } as const] : []),
    ...operation.parameters.map((parameter) => ({ kind: parameter.in, name: parameter.name })),
  ];
  if (targets.length === 0) return null;
  return fc.constantFrom(...targets).chain((target) => {
    const pathParameters = operation.parameters.filter((parameter) => parameter.in === "path");
    const hostileText = target.kind === "path" ? hostilePathParam : hostileString;
    return fc.record({
      hostility: fc.constant<Hostility>(0),
      params: fc.record(
        Object.fromEntries(
          pathParameters.map((parameter) => [
            parameter.name,
            target.kind === "path" && target.name === parameter.name
              ? hostileText
              : parameterText(parameter.schema, 0, ids(operation.path), parameter.name),
          ]),
        ),
      ),
      query: queryArbitrary(operation, 0).chain((query) =>
        target.kind === "query"
          ? hostileText.map((value) => ({
              pairs: [...query.pairs.filter(([key]) => key !== target.name), [target.name, value] as [string, string]],
            }))
          : fc.constant(query),
      ),
      body:
        target.kind === "body" && operation.body
          ? withOneHostileNode(operation.body, ids(operation.path)).map((value) => ({
              text: JSON.stringify(value) ?? "",
              contentType: "application/json",
            }))
          : bodyArbitrary(operation, 0),
      auth: fc.constant<AuthChoice>({ kind: "admin" }),
      headers: fc.constant({}),
    });
  });
}

function caseArbitrary(operation: Operation): fc.Arbitrary<FuzzCase> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === "path");
  const spread = fc.constantFrom<Hostility>(0, 0, 1, 3).chain((hostility) =>
    fc.record({
      hostility: fc.constant(hostility),
      params: fc.record(
        Object.fromEntries(
          pathParameters.map((parameter) => {
            const valid = parameterText(parameter.schema, 0, ids(operation.path), parameter.name);
            return [
              parameter.name,
              hostility === 0
                ? valid
                : fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: hostilePathParam, weight: hostility }),
            ];
          }),
        ),
      ),
      query: queryArbitrary(operation, hostility),
      body: bodyArbitrary(operation, hostility),
      auth: authArbitrary(operation),
      headers:
        hostility === 0
          ? fc.constant({})
          : fc.record(
              {
                traceparent: fc.oneof(fc.constantFrom(...HOSTILE_TRACEPARENTS), hostileString.map(headerSafe)),
                [PEER_ADDRESS_HEADER]: fc.oneof(
                  fc.constantFrom(
                    "",
                    "unknown",
                    "1.1.1.1, 2.2.2.2, 3.3.3.3",
                    "::1",
                    "999.999.999.999",
                    "x".repeat(5_000),
                  ),
                  hostileString.map(headerSafe),
                ),
                cookie: fc.oneof(
                  fc.constantFrom(
                    "clubops_refresh=",
                    "clubops_refresh=%",
                    "clubops_refresh=%E0%A4%A",
                    "clubops_refresh=' OR 1=1 --",
                    `clubops_refresh=${"a".repeat(10_000)}`,
                    "other=%; clubops_refresh=x",
                  ),
                  hostileString.map((v) => `clubops_refresh=${encodeURIComponent(wellFormed(v))}`),
                  hostileString.map((v) => `clubops_refresh=${headerSafe(v)}`),
                ),
              },
              { requiredKeys: [] },
            ),
    }),
  );
  const one = oneHostileValue(operation);
  // Half the requests stray everywhere at once (auth, headers, every part); a third are valid but for one value.
  return one ? fc.oneof({ arbitrary: spread, weight: 2 }, { arbitrary: one, weight: 1 }) : spread;
}

/**
 * Logging out and ending sign-ins revoke the tokens they carry (and "sign out everywhere" every token of the account):
 * they get a token of their own, never the admin's or the plain user's, which the other operations go on using.
 */
const ENDS_SIGN_INS = new Set(["POST /api/auth/logout", "DELETE /api/auth/sessions", "DELETE /api/auth/sessions/{id}"]);

function authorizationFor(operation: Operation, auth: AuthChoice): string | undefined {
  const endsSignIns = ENDS_SIGN_INS.has(`${operation.method} ${operation.path}`);
  switch (auth.kind) {
    case "admin":
      return `Bearer ${endsSignIns ? world.disposableToken : world.adminToken}`;
    case "none":
      return undefined;
    case "plain user":
      return `Bearer ${endsSignIns ? world.disposableToken : world.plainUser.token}`;
    case "temporary password":
      return `Bearer ${world.temporaryPasswordToken}`;
    case "logged out":
      return `Bearer ${world.loggedOutToken}`;
    case "blacklisted":
      return `Bearer ${world.blacklistedToken}`;
    case "forged":
      return `Bearer ${forged[auth.name]}`;
    case "header":
      return auth.value;
  }
}

function rawRequestOf(operation: Operation, fuzz: FuzzCase): RawRequest {
  const headers: Record<string, string> = { [PEER_ADDRESS_HEADER]: randomIp(), ...fuzz.headers };
  const authorization = authorizationFor(operation, fuzz.auth);
  if (authorization !== undefined) headers.authorization = authorization;
  if (fuzz.body?.contentType) headers["content-type"] = fuzz.body.contentType;
  const query =
    fuzz.query.raw ??
    fuzz.query.pairs
      .map(([key, value]) => `${encodeURIComponent(wellFormed(key))}=${encodeURIComponent(wellFormed(value))}`)
      .join("&");
  return {
    method: operation.method,
    path: concretePath(operation.path, fuzz.params),
    query,
    params: fuzz.params,
    headers,
    body: fuzz.body?.text,
  };
}

/** A readable, bounded description of a request: long values are cut, with their length. */
function describeRequest(request: RawRequest): string {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text);
  const body =
    request.body === undefined
      ? undefined
      : typeof request.body === "string"
        ? cut(request.body)
        : `<${request.body.length} bytes>`;
  return JSON.stringify(
    {
      method: request.method,
      path: cut(request.path),
      query: request.query ? cut(request.query) : undefined,
      params: Object.fromEntries(Object.entries(request.params ?? {}).map(([k, v]) => [k, cut(v)])),
      headers: Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k, cut(v)])),
      body,
    },
    null,
    1,
  );
}

async function exercise(operation: Operation, fuzz: FuzzCase): Promise<void> {
  const request = rawRequestOf(operation, fuzz);
  const writes = operation.method !== "GET";
  if (writes) await mailDeliveryQuiet();
  const before = writes ? await fingerprint() : undefined;
  let reply: RawReply;
  try {
    reply = await send(operation.handler, request);
  } catch (error) {
    throw new Error(`the handler threw instead of answering: ${String(error)}`);
  }
  tally.requests += 1;
  tally.byStatus[reply.status] = (tally.byStatus[reply.status] ?? 0) + 1;
  if (reply.ms > tally.slowest.ms)
    tally.slowest = { ms: Math.round(reply.ms), request: `${operation.name} → ${reply.status}` };
  if (!operation.documentedStatuses.has(reply.status)) {
    const key = `${operation.name} → ${reply.status}`;
    tally.undocumentedStatuses[key] = (tally.undocumentedStatuses[key] ?? 0) + 1;
  }
  if (reply.status >= 500) {
    tally.serverErrors += 1;
    throw new Error(`${reply.status}: ${reply.text.slice(0, 500)}`);
  }
  if (reply.status >= 400) {
    const problem = errorShapeProblem(request, reply);
    if (problem) {
      tally.shapeViolations += 1;
      throw new Error(`${reply.status} body not in the documented shape: ${problem}`);
    }
  }
  if (writes && reply.status >= 400) {
    tally.rejectedWrites += 1;
    await mailDeliveryQuiet();
    const changed = changedTables(before!, await fingerprint()).filter(
      (table) => !(STATEFUL_REJECTIONS[operation.name] ?? []).includes(table),
    );
    if (changed.length > 0) {
      tally.stateChangesOnRejection += 1;
      throw new Error(`rejected with ${reply.status} ${reply.text.slice(0, 200)}, yet changed ${changed.join(", ")}`);
    }
  }
}

beforeAll(async () => {
  running = await platform();
  world = await buildWorld(running);
  fingerprint = await stateFingerprinter(running.database);
  forged = await forgedTokens(world.adminId, 0);
}, 120_000);

afterAll(async () => {
  recordResults("fuzz", {
    seed: SEED,
    operations: operations.length,
    runsPerOperation: RUNS_PER_OPERATION,
    requests: tally.requests,
    serverErrors: tally.serverErrors,
    shapeViolations: tally.shapeViolations,
    rejectedWrites: tally.rejectedWrites,
    stateChangesOnRejection: tally.stateChangesOnRejection,
    byStatus: tally.byStatus,
    undocumentedStatuses: tally.undocumentedStatuses,
    slowest: tally.slowest,
    failures,
  });
  await stopPlatform();
});

describe("fuzzing every operation of the OpenAPI document", () => {
  it("covers every documented operation", () => {
    expect(operations.length).toBeGreaterThanOrEqual(90);
  });

  it("tells a committed write from a rolled-back one, though it skips the scan while nothing committed", async () => {
    const { database } = running;
    const touchAMember = sql`update members set version = version where id = (select id from members order by id limit 1)`;
    await mailDeliveryQuiet();
    const before = await fingerprint();
    expect(await fingerprint()).toBe(before);
    await database.db
      .transaction(async (transaction) => {
        await database.rows(transaction, touchAMember);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(changedTables(before, await fingerprint())).toEqual([]);
    await database.rows(database.db, touchAMember);
    expect(changedTables(before, await fingerprint())).toEqual(["members"]);
  });

  describe.each(operations.map((operation) => [operation.name, operation] as const))("%s", (_name, operation) => {
    it("answers no 5xx, errors in the documented shape, and a rejected write changes nothing", async () => {
      const details = await fc.check(
        fc.asyncProperty(caseArbitrary(operation), (fuzz) => exercise(operation, fuzz)),
        { numRuns: RUNS_PER_OPERATION, seed: SEED, endOnFailure: false, maxSkipsPerRun: 1000 },
      );
      if (details.failed) {
        const counterexample = details.counterexample?.[0];
        const shown = counterexample ? describeRequest(rawRequestOf(operation, counterexample)) : "(none)";
        const error =
          details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        failures.push({ operation: operation.name, seed: details.seed, counterexample: shown, error });
        expect.fail(
          `${operation.name}: ${error}\nminimal request (seed ${details.seed}, path ${details.counterexamplePath}):\n${shown}`,
        );
      }
      // The admin's token must survive, or every later operation would only be fuzzed as far as a 401.
      const stillSignedIn = await send(me, {
        method: "GET",
        path: "/api/auth/me",
        headers: { authorization: `Bearer ${world.adminToken}` },
      });
      expect(stillSignedIn.status, `the admin token stopped working while fuzzing ${operation.name}`).toBe(200);
    }, 600_000);
  });

  it(`sent at least ${TOTAL_RUNS} requests without a 5xx`, () => {
    expect(tally.requests).toBeGreaterThanOrEqual(TOTAL_RUNS);
    expect(tally.serverErrors).toBe(0);
  });
});
