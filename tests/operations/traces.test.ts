import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, stopProcess, waitUntilAnswering } from "@/bench/servers";
import { SETUP_CODE_HEADERS } from "@/tests/support/setup-code";
import { type AppInstance, startAppInstance } from "./app-instance";
import { type OtlpReceiver, type ReceivedSpan, SPAN_KIND, startOtlpReceiver } from "./otlp-receiver";
import { type Cleanups, ownDatabase, ownRedis } from "./own-services";

/**
 * Issue 18, item 1: the production server (`npx next build`, scripts/start.sh) on real PostgreSQL and Redis exports
 * its spans over OTLP/HTTP to a receiver in this test, and so does the email renderer (scripts/email-renderer.ts) it
 * calls: a request's trace continues the caller's `traceparent`, holds its statements and cache commands, and goes on
 * into the renderer's process. Protobuf first, then JSON.
 */

const ADMIN = { email: "owner@traces.example", username: "owner", password: "Lantern-Harbour-Tide-42" };
const AUTH_SECRET = randomBytes(48).toString("base64url");

const root = mkdtempSync(path.join(tmpdir(), "clubops-traces-"));
const cleanups: Cleanups = [];
let receiver: OtlpReceiver;
let rendererBase: string;
let databaseUrl: string;
let redisUrl: string;
let app: AppInstance;
let token: string;

/** Export settings of both processes: to the receiver, in batches sent every `delayMs`. */
const exportTo = (protocol: string, delayMs: number) => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
  OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
  OTEL_BSP_SCHEDULE_DELAY: String(delayMs),
  LOG_LEVEL: "warn",
});

async function startRenderer(): Promise<ChildProcess> {
  const port = await freePort();
  const renderer = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/email-renderer.ts"], {
    env: { ...process.env, ...exportTo("http/protobuf", 100), EMAIL_RENDERER_PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  rendererBase = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${rendererBase}/health`);
  return renderer;
}

/** The production server, exporting with `protocol` every `delayMs`, or with no exporter configured. */
const startApp = (exporting?: { protocol: string; delayMs: number }) =>
  startAppInstance({
    env: {
      ...(exporting ? exportTo(exporting.protocol, exporting.delayMs) : { LOG_LEVEL: "warn" }),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      DATA_DIR: path.join(root, "app"),
      AUTH_SECRET,
      EMAIL_RENDERER_URL: rendererBase,
      EMBEDDED_SCHEDULER: "false",
    },
  });

async function api(method: string, route: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
  return fetch(`${app.base}${route}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** A caller's trace context: a fresh trace id and the caller's span id. */
function caller() {
  const traceId = randomBytes(16).toString("hex");
  const spanId = randomBytes(8).toString("hex");
  return { traceId, spanId, headers: { traceparent: `00-${traceId}-${spanId}-01` } };
}

/** Polls the received spans of one trace until `check` passes; the batches leave every 100 ms. */
async function traceOf(traceId: string, check: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const spans = receiver.spans.filter((span) => span.traceId === traceId);
    if (check(spans)) return spans;
    if (Date.now() > deadline)
      throw new Error(`trace ${traceId} incomplete after 30 s: ${JSON.stringify(spans.map((span) => span.name))}`);
    await sleep(100);
  }
}

/** Next.js's SERVER span of the route, inside its outer SERVER span of the whole request (named by method only). */
const routeSpanOf = (spans: ReceivedSpan[]) =>
  spans.find(
    (span) => span.service === "clubops" && span.kind === SPAN_KIND.server && span.name === "GET /api/members",
  );

/** Whether following parents from `span` within `spans` reaches `ancestor`. */
function descendsFrom(span: ReceivedSpan, ancestor: ReceivedSpan, spans: ReceivedSpan[]): boolean {
  const byId = new Map(spans.map((each) => [each.spanId, each]));
  for (let parent = byId.get(span.parentSpanId ?? ""); parent; parent = byId.get(parent.parentSpanId ?? ""))
    if (parent === ancestor) return true;
  return false;
}

/** The process's first span is a SERVER span child of the caller's span, and `route` is (or descends from) it. */
function expectCallerParent(spans: ReceivedSpan[], route: ReceivedSpan, callerSpanId: string): void {
  const entry = spans.find((span) => span.service === "clubops" && span.parentSpanId === callerSpanId);
  expect(entry?.kind).toBe(SPAN_KIND.server);
  if (entry && entry !== route) expect(descendsFrom(route, entry, spans)).toBe(true);
}

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  cleanups.push(() => receiver.close());
  [databaseUrl, redisUrl] = await Promise.all([ownDatabase("clubops_traces", cleanups), ownRedis(cleanups)]);
  const renderer = await startRenderer();
  cleanups.push(() => stopProcess(renderer));
  app = await startApp({ protocol: "http/protobuf", delayMs: 100 });
  cleanups.push(() => app.stop());

  await api("POST", "/api/setup/platform", { headers: SETUP_CODE_HEADERS, body: { platformName: "Traces Club" } });
  const created = await api("POST", "/api/setup/superadmin", {
    headers: SETUP_CODE_HEADERS,
    body: { ...ADMIN, firstName: "T", lastName: "Owner" },
  });
  expect(created.status).toBe(201);
  token = ((await created.json()) as { accessToken: string }).accessToken;
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
});

describe("traces exported over OTLP/HTTP by the production server", () => {
  it("continue the caller's trace in SERVER spans that hold the request's PostgreSQL and Redis spans, no search term", async () => {
    const { traceId, spanId, headers } = caller();
    const reply = await api("GET", "/api/members?search=Zebedee", { headers });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("x-trace-id")).toBe(traceId);

    const has = (system: string) => (spans: ReceivedSpan[]) =>
      spans.some((span) => span.attributes["db.system.name"] === system);
    const spans = await traceOf(
      traceId,
      (found) => !!routeSpanOf(found) && has("postgresql")(found) && has("redis")(found),
    );
    const route = routeSpanOf(spans);
    if (!route) throw new Error("no span of the route");
    expectCallerParent(spans, route, spanId);
    for (const system of ["postgresql", "redis"]) {
      const clients = spans.filter((span) => span.attributes["db.system.name"] === system);
      expect(clients.length, system).toBeGreaterThan(0);
      for (const client of clients) {
        expect(client.kind).toBe(SPAN_KIND.client);
        expect(descendsFrom(client, route, spans), `${client.name} under the request`).toBe(true);
      }
    }
    // The search term is in no span: statements hold placeholders, the request URL is cut at its query string.
    expect(JSON.stringify(spans)).not.toContain("Zebedee");
    expect(receiver.encodings.every((encoding) => encoding === "application/x-protobuf")).toBe(true);
  });

  it("go on into the email renderer: its SERVER span is in the same trace, child of the app's CLIENT span", async () => {
    const { traceId, headers } = caller();
    const reply = await api("POST", "/api/auth/forgot-password", { body: { email: ADMIN.email }, headers });
    expect(reply.status, await reply.clone().text()).toBe(202);

    const rendererServer = (spans: ReceivedSpan[]) =>
      spans.find((span) => span.service === "clubops-email-renderer" && span.kind === SPAN_KIND.server);
    const spans = await traceOf(
      traceId,
      (found) => !!rendererServer(found) && found.some((span) => span.name === "smtp send"),
    );
    const rendered = rendererServer(spans);
    const call = spans.find((span) => span.spanId === rendered?.parentSpanId);
    expect(rendered).toMatchObject({ name: "POST /render" });
    expect(call).toMatchObject({ service: "clubops", kind: SPAN_KIND.client, name: "POST /render" });
    // Nothing of the mail itself is in the trace: no address, no subject.
    expect(JSON.stringify(spans)).not.toContain(ADMIN.email);
  });

  it("export over http/json too, and flush the last batch when the server is stopped", async () => {
    await app.stop();
    // A minute between batches: the request's spans can only arrive through the flush at SIGTERM.
    app = await startApp({ protocol: "http/json", delayMs: 60_000 });
    const { traceId, spanId, headers } = caller();
    expect((await api("GET", "/api/members", { headers })).status).toBe(200);
    // Next.js ends its route span just after the answer is sent; a second later it waits in the batch.
    await sleep(1000);
    await app.stop();

    const spans = await traceOf(traceId, (found) => !!routeSpanOf(found));
    const route = routeSpanOf(spans);
    if (!route) throw new Error("no span of the route");
    expectCallerParent(spans, route, spanId);
    expect(receiver.encodings.at(-1)).toMatch(/^application\/json/);
  });
});

describe("the production server with no exporter configured", () => {
  it("exports nothing, yet answers with the caller's trace id, or a fresh one per request, and audits with it", async () => {
    await app.stop();
    app = await startApp();
    const { traceId, headers } = caller();
    const plan = { name: "No exporter", code: "NO-EXPORTER", monthlyPrice: 30 };
    const created = await api("POST", "/api/plans", { body: plan, headers });
    expect(created.status).toBe(201);
    expect(created.headers.get("x-trace-id")).toBe(traceId);
    const database = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const audited = await database`select action from audit_outbox where trace_id = ${traceId}`;
      expect(audited.map((row) => row.action)).toEqual(["plans.created"]);
    } finally {
      await database.end();
    }

    const fresh = await Promise.all([api("GET", "/api/members"), api("GET", "/api/members")]);
    const ids = fresh.map((reply) => reply.headers.get("x-trace-id"));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);

    // Given time for a batch that would have left, no span of these requests reached the receiver.
    await sleep(1000);
    expect(receiver.spans.filter((span) => [traceId, ...ids].includes(span.traceId))).toEqual([]);
  });
});
