import "@/tests/support/isolated-env";
import { randomBytes } from "node:crypto";
import { SpanKind } from "@opentelemetry/api";
import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig } from "@/lib/config";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { flushTracing, startTracing } from "@/lib/platform/telemetry/tracing";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { auditEntriesOf } from "@/tests/support/audit";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as createMember, DELETE as deleteMembers, GET as listMembers } from "./members/route";

// Issue 18, item 1: route handlers called as Next.js would, with an in-memory exporter in place of OTLP (the OTLP
// receiver and the production server are in tests/operations/traces.test.ts).

const exporter = new InMemorySpanExporter();
startTracing(getConfig(), { exporter });

let running: Platform;
let token: string;

/** A caller's trace context: a fresh trace id and the caller's span id. */
function caller() {
  const traceId = randomBytes(16).toString("hex");
  const spanId = randomBytes(8).toString("hex");
  return { traceId, spanId, headers: { traceparent: `00-${traceId}-${spanId}-01` } };
}

async function spansOf(traceId: string): Promise<ReadableSpan[]> {
  await flushTracing();
  return exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
}

/** The span's ancestors within `spans`, nearest first. */
function ancestorsOf(span: ReadableSpan, spans: readonly ReadableSpan[]): ReadableSpan[] {
  const byId = new Map(spans.map((each) => [each.spanContext().spanId, each]));
  const chain: ReadableSpan[] = [];
  for (let parent = byId.get(span.parentSpanContext?.spanId ?? ""); parent; ) {
    chain.push(parent);
    parent = byId.get(parent.parentSpanContext?.spanId ?? "");
  }
  return chain;
}

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
});
afterAll(stopPlatform);

describe("traces of a request", () => {
  it("continue the caller's trace: a SERVER span child of the caller's span, X-Trace-Id its trace id", async () => {
    const { traceId, spanId, headers } = caller();
    const reply = await call(listMembers, { path: "/api/members", token, headers });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("x-trace-id")).toBe(traceId);

    const spans = await spansOf(traceId);
    const server = spans.find((span) => span.kind === SpanKind.SERVER);
    expect(server).toMatchObject({ name: "GET", parentSpanContext: { spanId } });
    expect(server?.attributes).toMatchObject({ "http.request.method": "GET", "url.path": "/api/members" });
  });

  it("hold each database statement as a span descending from the request's span", async () => {
    const { traceId, headers } = caller();
    await call(listMembers, { path: "/api/members?search=ruiz", token, headers });

    const spans = await spansOf(traceId);
    const server = spans.find((span) => span.kind === SpanKind.SERVER);
    const statements = spans.filter((span) => span.attributes["db.system.name"] === "postgresql");
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.kind).toBe(SpanKind.CLIENT);
      expect(ancestorsOf(statement, spans)).toContain(server);
    }
    expect(statements.map((span) => span.attributes["db.operation.name"])).toContain("SELECT");
  });

  it("never record a statement's parameter values", async () => {
    const { traceId, headers } = caller();
    const email = `traced-${randomBytes(4).toString("hex")}@club.example`;
    const reply = await call(createMember, {
      path: "/api/members",
      token,
      headers,
      body: { firstName: "Tracy", lastName: "Spanner", email },
    });
    expect(reply.status).toBe(201);

    const spans = await spansOf(traceId);
    const insert = spans.find((span) => span.attributes["db.operation.name"] === "INSERT");
    expect(insert?.attributes["db.query.text"]).toMatch(/insert into "members".*\$1/is);
    const recorded = JSON.stringify(spans.map((span) => span.attributes));
    expect(recorded).not.toContain(email);
    expect(recorded).not.toContain("Spanner");
  });

  it("give problem details and audit rows the caller's trace id", async () => {
    const refused = caller();
    const notAllowed = await call(deleteMembers, { method: "DELETE", path: "/api/members", headers: refused.headers });
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.headers.get("content-type")).toBe("application/problem+json");
    expect(notAllowed.body.traceId).toBe(refused.traceId);
    expect(notAllowed.headers.get("x-trace-id")).toBe(refused.traceId);

    const audited = caller();
    const created = await call<{ id: string }>(createMember, {
      path: "/api/members",
      token,
      headers: audited.headers,
      body: { firstName: "Ana", lastName: "Audit", email: "ana.audit@club.example" },
    });
    expect(created.status).toBe(201);
    const [entry] = await auditEntriesOf(running.database, created.body.id);
    expect(entry).toMatchObject({ action: "members.created", traceId: audited.traceId });
  });

  it("start a new trace when the caller sends none, with a fresh id on each request", async () => {
    const first = await call(listMembers, { path: "/api/members", token });
    const second = await call(listMembers, { path: "/api/members", token });
    const ids = [first.headers.get("x-trace-id"), second.headers.get("x-trace-id")];
    expect(ids[0]).toMatch(/^[\da-f]{32}$/);
    expect(ids[1]).toMatch(/^[\da-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
    const spans = await spansOf(ids[0] ?? "");
    expect(spans.find((span) => span.kind === SpanKind.SERVER)?.parentSpanContext).toBeUndefined();
  });
});
