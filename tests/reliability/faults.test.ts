import "@/tests/support/isolated-env";
// Sets this test's configuration before any module below reads it (a bare import keeps its place when imports are sorted).
import "./support/fault-env";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { count, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/auth/me/route";
import { GET as fileContent } from "@/app/api/files/[id]/content/route";
import { POST as uploadFile } from "@/app/api/files/route";
import { POST as runJob } from "@/app/api/jobs/[name]/run/route";
import { GET as listMail } from "@/app/api/mail/route";
import { PUT as putMemberPhoto } from "@/app/api/members/[id]/photo/route";
import { POST as enroll } from "@/app/api/members/enroll/route";
import { POST as createMember, GET as listMembers } from "@/app/api/members/route";
import { POST as createPlan } from "@/app/api/plans/route";
import { GET as ownClock } from "@/app/api/users/me/clock/route";
import { GET as readiness } from "@/app/health/ready/route";
import type { RouteHandler } from "@/lib/http/route";
import { deliverPendingMail, MAX_ATTEMPTS } from "@/lib/mail/delivery";
import { type Analytics, createAnalytics } from "@/lib/platform/analytics";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, files, mailOutbox } from "@/lib/platform/db/schema";
import { PEER_ADDRESS_HEADER } from "@/lib/platform/http/client-ip";
import { type SmtpSink, startSmtpSink } from "@/lib/platform/smtp";
import { S3RVER_CREDENTIALS, type S3rverHandle, startS3rver } from "@/lib/platform/storage";
import { completeSetup, SUPER_ADMIN } from "@/tests/support/accounts";
import { call, randomIp } from "@/tests/support/api";
import { addEmployee } from "@/tests/support/staff";
import { freePort, type PostgresServer, type RedisServer, startPostgres, startRedis } from "./services";
import { CONNECT_TIMEOUT_SECONDS, FAULT_PORTS, REQUEST_DEADLINE_MS } from "./support/fault-env";
import { errorShapeProblem, type RawReply, type RawRequest, send } from "./support/request";
import { recordResults } from "./support/results";

/**
 * Faults under load, on loopback only (docs/reliability.md): the test owns PostgreSQL 15, Redis, an S3 server
 * (s3rver) and an SMTP sink, stops and restarts them while the app platform keeps running in this process.
 */

let pg: PostgresServer;
let redis: RedisServer;
let s3: S3rverHandle | undefined;
let s3Directory: string;
let sink: SmtpSink | undefined;
let running: Platform;
let adminToken: string;
let planId: string;
let memberSequence = 0;
let postgresOutageSlowestMs = 0;
const figures: Record<string, unknown> = {};

const authorization = () => ({ authorization: `Bearer ${adminToken}`, [PEER_ADDRESS_HEADER]: randomIp() });

async function request(handler: RouteHandler, raw: RawRequest): Promise<RawReply> {
  return send(handler, { ...raw, headers: { ...authorization(), ...raw.headers } });
}

const get = (handler: RouteHandler, requestPath: string, params?: Record<string, string>) =>
  request(handler, { method: "GET", path: requestPath, params });
const newMember = () => {
  memberSequence += 1;
  return { firstName: "Fault", lastName: `Tolerant${memberSequence}`, email: `fault${memberSequence}@club.example` };
};

/** A read, the caller's session and a create of `member`: what the PostgreSQL faults send. */
const databaseRequests = (member: ReturnType<typeof newMember>): [string, RouteHandler, RawRequest][] => [
  ["GET /api/members", listMembers, { method: "GET", path: "/api/members?pageSize=20" }],
  ["GET /api/auth/me", me, { method: "GET", path: "/api/auth/me" }],
  [
    "POST /api/members",
    createMember,
    {
      method: "POST",
      path: "/api/members",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(member),
    },
  ],
];
async function readinessReport(): Promise<{
  status: number;
  body: { status: string; entries: Record<string, { status: string }> };
}> {
  const reply = await send(readiness, { method: "GET", path: "/health/ready" });
  return { status: reply.status, body: reply.json as { status: string; entries: Record<string, { status: string }> } };
}

/** Polls until `probe` holds, at most `timeoutMs`; returns how long it took. */
async function within(timeoutMs: number, what: string, probe: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await probe().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

type LoadReport = { requests: number; byStatus: Record<number, number>; maxMs: number; serverErrors: RawReply[] };

/** `workers` loops calling `step` until `stop()` resolves; every answer is tallied. */
async function underLoad(
  workers: number,
  step: (worker: number) => Promise<RawReply>,
  during: () => Promise<void>,
): Promise<LoadReport> {
  const report: LoadReport = { requests: 0, byStatus: {}, maxMs: 0, serverErrors: [] };
  let done = false;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    while (!done) {
      const reply = await step(worker);
      report.requests += 1;
      report.byStatus[reply.status] = (report.byStatus[reply.status] ?? 0) + 1;
      report.maxMs = Math.max(report.maxMs, Math.round(reply.ms));
      if (reply.status >= 500) report.serverErrors.push(reply);
    }
  });
  try {
    await during();
  } finally {
    done = true;
    await Promise.all(loops);
  }
  return report;
}

const pendingIds = async () =>
  new Set(
    (
      await running.database.db.select({ id: auditOutbox.id }).from(auditOutbox).where(isNull(auditOutbox.forwardedAt))
    ).map((row) => row.id),
  );
const outboxPending = async () =>
  (await running.database.db.select({ n: count() }).from(auditOutbox).where(isNull(auditOutbox.forwardedAt)))[0]!.n;

beforeAll(async () => {
  [pg, redis] = await Promise.all([
    startPostgres({ port: FAULT_PORTS.postgres }),
    startRedis({ port: FAULT_PORTS.redis }),
  ]);
  s3Directory = mkdtempSync(path.join(tmpdir(), "clubops-reliability-s3-"));
  s3 = await startS3rver({
    port: FAULT_PORTS.s3,
    directory: s3Directory,
    secretAccessKey: S3RVER_CREDENTIALS.secretAccessKey,
  });
  running = await platform();
  // The configuration was read on import: make sure it is this test's servers, not the embedded defaults.
  expect([running.database.kind, running.cache.kind, running.storage.kind, running.mailer.kind]).toEqual([
    "postgres",
    "redis",
    "s3",
    "smtp",
  ]);
  adminToken = await completeSetup();
  const [admin] = await running.database.rows<{ id: string }>(running.database.db, sql`select id from users limit 1`);
  await addEmployee(running.database.db, admin!.id);
  const plan = await call(createPlan, {
    path: "/api/plans",
    token: adminToken,
    body: { name: "Gold", code: "GOLD", monthlyPrice: "40.00" },
  });
  planId = String(plan.body.id);
}, 120_000);

afterAll(async () => {
  recordResults("faults", figures);
  await stopPlatform();
  await Promise.allSettled([pg?.destroy(), redis?.destroy(), s3?.close(), sink?.close()]);
});

describe("Redis stopped and restarted while requests run", () => {
  it("keeps serving from the database with no 5xx, reports the cache Unhealthy (Degraded, 200), and recovers", async () => {
    let guesses = 0;
    expect((await readinessReport()).body.entries.cache?.status).toBe("Healthy");
    let duringOutage: Awaited<ReturnType<typeof readinessReport>> | undefined;
    let recoveryMs = 0;
    const steps = [
      () => get(listMembers, "/api/members?pageSize=20"),
      () => get(me, "/api/auth/me"),
      () => get(ownClock, "/api/users/me/clock"),
      // Rate limited through the cache: limits fail open while it is down. Each at another email, which no throttle has counted.
      () =>
        send(login, {
          method: "POST",
          path: "/api/auth/login",
          headers: { "content-type": "application/json", [PEER_ADDRESS_HEADER]: randomIp() },
          body: JSON.stringify({ email: `guess${++guesses}@club.example`, password: "wrong" }),
        }),
    ];
    const report = await underLoad(
      4,
      (worker) => steps[worker % steps.length]!(),
      async () => {
        await sleep(500);
        await redis.stop();
        await sleep(1_500);
        duringOutage = await readinessReport();
        await sleep(500);
        await redis.start();
        recoveryMs = await within(
          15_000,
          "cache Healthy again",
          async () => (await readinessReport()).body.entries.cache?.status === "Healthy",
        );
        await sleep(500);
      },
    );
    figures.redisOutage = {
      requests: report.requests,
      byStatus: report.byStatus,
      serverErrors: report.serverErrors.length,
      maxLatencyMs: report.maxMs,
      cacheRecoveryMs: recoveryMs,
    };
    expect(duringOutage).toMatchObject({
      status: 200,
      body: { status: "Degraded", entries: { cache: { status: "Unhealthy" }, database: { status: "Healthy" } } },
    });
    expect(report.serverErrors.map((reply) => reply.text)).toEqual([]);
    // Reads answer 200 throughout; the wrong-password logins 401 (never 429: the limiter fails open, and each IP is new).
    expect(Object.keys(report.byStatus).sort()).toEqual(["200", "401"]);
    expect(report.requests).toBeGreaterThan(20);
  });
});

describe("PostgreSQL stopped", () => {
  it("answers 503 problem details without hanging, and recovers without restarting the app", async () => {
    expect((await get(listMembers, "/api/members")).status).toBe(200);
    await pg.stop();
    const outage: { name: string; reply: RawReply }[] = [];
    let ready: Awaited<ReturnType<typeof readinessReport>>;
    let loginDuringOutage: RawReply;
    try {
      const requests = databaseRequests(newMember());
      const started = Date.now();
      while (Date.now() - started < 3_000) {
        const replies = await Promise.all(requests.map(([, handler, raw]) => request(handler, raw)));
        for (const [i, reply] of replies.entries()) outage.push({ name: requests[i]![0], reply });
      }
      loginDuringOutage = await send(login, {
        method: "POST",
        path: "/api/auth/login",
        headers: { "content-type": "application/json", [PEER_ADDRESS_HEADER]: randomIp() },
        body: JSON.stringify({ email: SUPER_ADMIN.email, password: SUPER_ADMIN.password }),
      });
      ready = await readinessReport();
    } finally {
      await pg.start();
    }
    const slowest = outage.reduce((a, b) => (b.reply.ms > a.reply.ms ? b : a));
    const byStatus: Record<number, number> = {};
    for (const { reply } of outage) byStatus[reply.status] = (byStatus[reply.status] ?? 0) + 1;
    figures.postgresOutage = {
      requests: outage.length + 1,
      byStatus,
      slowestMs: Math.round(slowest.reply.ms),
      slowest: slowest.name,
      latenciesMs: outage.map(({ name, reply }) => `${name} ${Math.round(reply.ms)}`),
    };
    for (const { name, reply } of outage) {
      expect(reply.status, `${name}: ${reply.text}`).toBe(503);
      expect(errorShapeProblem({ method: name.split(" ")[0]!, path: name.split(" ")[1]! }, reply)).toBeNull();
    }
    expect(loginDuringOutage.status).toBe(503);
    expect(ready).toMatchObject({
      status: 503,
      body: { entries: { database: { status: "Unhealthy" }, cache: { status: "Healthy" } } },
    });
    postgresOutageSlowestMs = slowest.reply.ms;

    const recoveryMs = await within(
      15_000,
      "API answering again",
      async () => (await get(listMembers, "/api/members")).status === 200,
    );
    const created = await request(createMember, {
      method: "POST",
      path: "/api/members",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(newMember()),
    });
    expect(created.status, created.text).toBe(201);
    expect((await readinessReport()).body.entries.database?.status).toBe("Healthy");
    figures.postgresOutage = {
      ...(figures.postgresOutage as object),
      latenciesMs: undefined,
      all503: true,
      timeoutBoundMs: CONNECT_TIMEOUT_SECONDS * 1000,
      recoveryMs,
    };
  });

  // postgres.js would wait before reconnecting with a backoff growing to 20 s; the adapter sets `backoff: 0`, so
  // requests during an outage fail fast instead of queueing behind that wait.
  it("answers each request of the outage within the connect timeout (no hang)", () => {
    expect(postgresOutageSlowestMs).toBeGreaterThan(0);
    // Refused connections fail at once; the bound is the configured connect timeout, plus a margin for the run.
    expect(postgresOutageSlowestMs).toBeLessThan(CONNECT_TIMEOUT_SECONDS * 1000 + 1_000);
  });
});

describe("PostgreSQL hung (every server process stopped with SIGSTOP)", () => {
  it("answers 503/504 problem details by the request deadline, stores nothing, and serves again once it resumes", async () => {
    expect((await get(listMembers, "/api/members")).status).toBe(200);
    const member = newMember();
    const requests = databaseRequests(member);
    await pg.pause();
    let replies: RawReply[];
    let ready: Awaited<ReturnType<typeof readinessReport>>;
    try {
      replies = await Promise.all(requests.map(([, handler, raw]) => request(handler, raw)));
      ready = await readinessReport();
    } finally {
      await pg.resume();
    }
    figures.postgresHung = {
      deadlineMs: REQUEST_DEADLINE_MS,
      answers: requests.map(([name], i) => `${name} ${replies[i]!.status} in ${Math.round(replies[i]!.ms)} ms`),
    };
    // A statement sent on an open connection waits for the deadline (504); a request that needed a new connection
    // fails sooner, at the connect timeout (503: the database could not be reached). None waits for the server.
    for (const [i, [name]] of requests.entries()) {
      const reply = replies[i]!;
      expect([503, 504], `${name}: ${reply.text}`).toContain(reply.status);
      expect(errorShapeProblem({ method: name.split(" ")[0]!, path: name.split(" ")[1]! }, reply)).toBeNull();
      expect(reply.ms).toBeLessThan(REQUEST_DEADLINE_MS + 1_500);
    }
    expect(replies.some((reply) => reply.status === 504 && reply.ms >= REQUEST_DEADLINE_MS - 50)).toBe(true);
    expect(ready.body.entries.database?.status).toBe("Unhealthy");

    const recoveryMs = await within(
      15_000,
      "API answering again",
      async () => (await get(listMembers, "/api/members")).status === 200,
    );
    figures.postgresHung = { ...(figures.postgresHung as object), recoveryMs };
    // The create answered 504 was not stored: its transaction never committed.
    const [stored] = await running.database.rows<{ n: number }>(
      running.database.db,
      sql`select count(*)::int as n from members where email = ${member.email}`,
    );
    expect(stored?.n).toBe(0);
    const again = await request(createMember, {
      method: "POST",
      path: "/api/members",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(member),
    });
    expect(again.status, again.text).toBe(201);
  });
});

describe("analytics unavailable", () => {
  it("keeps audit rows in the PostgreSQL outbox and loses none once forwarding recovers", async () => {
    // Forward what exists so far, then point the platform's analytics at a port nobody listens on.
    expect(
      (
        await request(runJob, {
          method: "POST",
          path: "/api/jobs/forward-audit-log/run",
          params: { name: "forward-audit-log" },
        })
      ).status,
    ).toBe(200);
    const healthy: Analytics = running.analytics;
    running.analytics = createAnalytics({ ...running.config, CLICKHOUSE_URL: `http://127.0.0.1:${await freePort()}` });
    let lost = -1;
    let written = 0;
    try {
      expect((await readinessReport()).body.entries.analytics?.status).toBe("Unhealthy");
      for (let i = 0; i < 40; i += 1) {
        const reply = await request(createMember, {
          method: "POST",
          path: "/api/members",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(newMember()),
        });
        expect(reply.status, reply.text).toBe(201);
        written += 1;
      }
      const waiting = await pendingIds();
      expect(waiting.size).toBeGreaterThanOrEqual(written);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const forwarded = await request(runJob, {
          method: "POST",
          path: "/api/jobs/forward-audit-log/run",
          params: { name: "forward-audit-log" },
        });
        expect(forwarded.status, forwarded.text).toBe(503);
        expect(errorShapeProblem({ method: "POST", path: "/api/jobs/forward-audit-log/run" }, forwarded)).toBeNull();
        // Nothing was marked forwarded; each run request adds its own audit entry (jobs.run_requested), waiting too.
        const still = await pendingIds();
        expect([...waiting].filter((id) => !still.has(id))).toEqual([]);
        expect(still.size).toBe(waiting.size + attempt + 1);
      }
      figures.analyticsOutage = { auditRowsWaiting: (await pendingIds()).size, failedForwardingRuns: 3 };
    } finally {
      await running.analytics.close();
      running.analytics = healthy;
    }
    const recovered = await request(runJob, {
      method: "POST",
      path: "/api/jobs/forward-audit-log/run",
      params: { name: "forward-audit-log" },
    });
    expect(recovered.status, recovered.text).toBe(200);
    expect(await outboxPending()).toBe(0);
    const outboxIds = (await running.database.db.select({ id: auditOutbox.id }).from(auditOutbox)).map((row) => row.id);
    // This test's analytics store holds only this test's entries: read them all.
    const stored = await healthy.query<{ id: string }>("SELECT toString(id) AS id FROM audit_logs");
    const storedIds = new Set(stored.map((row) => row.id));
    lost = outboxIds.filter((id) => !storedIds.has(id)).length;
    expect(lost).toBe(0);
    expect(stored).toHaveLength(outboxIds.length);
    figures.analyticsOutage = {
      ...(figures.analyticsOutage as object),
      forwardedAfterRecovery: (recovered.json as { outcome: Record<string, number> }).outcome,
      auditRowsChecked: outboxIds.length,
      lost,
    };
  });
});

describe("SMTP down", () => {
  it("keeps mail in the outbox, retries with backoff, and loses none once SMTP is back", async () => {
    const recipients: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const member = newMember();
      recipients.push(member.email);
      const reply = await request(enroll, {
        method: "POST",
        path: "/api/members/enroll",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ member, subscription: { planId, billingPeriod: "monthly" } }),
      });
      expect(reply.status, reply.text).toBe(201);
    }
    const mails = () => running.database.db.select().from(mailOutbox);
    // Each commit starts a delivery in the background; wait until every mail has had its first attempt.
    await within(20_000, "first delivery attempts", async () => (await mails()).every((mail) => mail.attempts >= 1));
    const afterFirst = await mails();
    expect(afterFirst.length).toBe(recipients.length);
    for (const mail of afterFirst) {
      expect(mail).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
      expect(mail.lastError).toMatch(/smtp is unavailable.*ECONNREFUSED/);
      // The first retry waits a minute.
      const delay = mail.nextAttemptAt.getTime() - mail.createdAt.getTime();
      expect(delay).toBeGreaterThanOrEqual(60_000);
      expect(delay).toBeLessThan(60_000 + 20_000);
    }
    const listed = await get(listMail, "/api/mail?status=pending");
    expect((listed.json as { totalCount: number }).totalCount).toBe(recipients.length);

    // Time passes beyond the first backoff: the retry fails again and the next one waits twice as long.
    const retryAt = new Date(Math.max(...afterFirst.map((mail) => mail.nextAttemptAt.getTime())) + 1_000);
    expect(await deliverPendingMail(running, { now: () => retryAt })).toEqual({
      sent: 0,
      retrying: recipients.length,
      failed: 0,
    });
    // Nothing is due again before the doubled delay.
    expect(await deliverPendingMail(running, { now: () => new Date(retryAt.getTime() + 119_000) })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    const afterSecond = await mails();
    for (const mail of afterSecond) {
      expect(mail).toMatchObject({ status: "pending", attempts: 2 });
      expect(mail.nextAttemptAt.getTime() - retryAt.getTime()).toBe(120_000);
    }
    expect(afterSecond.every((mail) => mail.attempts < MAX_ATTEMPTS)).toBe(true);

    sink = await startSmtpSink({
      port: FAULT_PORTS.smtp,
      dir: mkdtempSync(path.join(tmpdir(), "clubops-reliability-mail-")),
    });
    const later = new Date(retryAt.getTime() + 3 * 60_000);
    let sent = 0;
    for (let run = 0; run < 10 && sent < recipients.length; run += 1)
      sent += (await deliverPendingMail(running, { now: () => later })).sent;
    const delivered = await sink.captured();
    const final = await mails();
    const lost = recipients.filter((to) => delivered.filter((mail) => mail.to.includes(to)).length !== 1).length;
    figures.smtpOutage = {
      mailsQueued: recipients.length,
      failedAttemptsDuringOutage: 2 * recipients.length,
      sentAfterRecovery: sent,
      delivered: delivered.length,
      lost,
    };
    expect(final.every((mail) => mail.status === "sent")).toBe(true);
    expect(lost).toBe(0);
    expect(delivered).toHaveLength(recipients.length);
  });
});

describe("S3 down", () => {
  const upload = (bucket: string, body: string) =>
    request(uploadFile, {
      method: "POST",
      path: "/api/files",
      query: `bucket=${bucket}&name=notes.txt`,
      headers: { "content-type": "text/plain" },
      body,
    });
  const fileRows = async () => (await running.database.db.select({ n: count() }).from(files))[0]!.n;
  const uploadAudits = async () =>
    (
      await running.database.rows<{ n: number }>(
        running.database.db,
        sql`select count(*)::int as n from audit_outbox where action = 'files.uploaded'`,
      )
    )[0]!.n;

  it("fails uploads cleanly with 503 problem details, leaves no orphan rows, and recovers", async () => {
    const before = await upload("club-documents", "kept through the outage");
    expect(before.status, before.text).toBe(201);
    const keptId = (before.json as { id: string }).id;
    const rows = await fileRows();
    const audits = await uploadAudits();
    const [member] = await running.database.rows<{ id: string }>(
      running.database.db,
      sql`select id from members limit 1`,
    );

    await s3!.close();
    s3 = undefined;
    const attempts: RawReply[] = [];
    for (let i = 0; i < 5; i += 1) {
      const document = await upload("club-documents", `document ${i}`);
      const photo = await request(putMemberPhoto, {
        method: "PUT",
        path: `/api/members/${member!.id}/photo`,
        params: { id: member!.id },
        headers: { "content-type": "image/png" },
        body: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array(64).fill(0)]),
      });
      const download = await get(fileContent, `/api/files/${keptId}/content`, { id: keptId });
      for (const [raw, reply] of [
        [{ method: "POST", path: "/api/files" }, document],
        [{ method: "PUT", path: `/api/members/${member!.id}/photo` }, photo],
        [{ method: "GET", path: `/api/files/${keptId}/content` }, download],
      ] as const) {
        expect(reply.status, reply.text).toBe(503);
        expect(errorShapeProblem(raw, reply)).toBeNull();
        attempts.push(reply);
      }
    }
    expect(await fileRows()).toBe(rows);
    expect(await uploadAudits()).toBe(audits);
    expect((await readinessReport()).body.entries.storage?.status).toBe("Unhealthy");
    const slowest = Math.max(...attempts.map((reply) => reply.ms));

    s3 = await startS3rver({
      port: FAULT_PORTS.s3,
      directory: s3Directory,
      secretAccessKey: S3RVER_CREDENTIALS.secretAccessKey,
    });
    const after = await upload("club-documents", "after the outage");
    expect(after.status, after.text).toBe(201);
    const kept = await get(fileContent, `/api/files/${keptId}/content`, { id: keptId });
    expect(kept).toMatchObject({ status: 200, text: "kept through the outage" });
    expect(await fileRows()).toBe(rows + 1);

    // Every object in storage has its row, and every row its object.
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      credentials: S3RVER_CREDENTIALS,
      forcePathStyle: true,
    });
    const objects = new Set<string>();
    for (const bucket of ["club-documents", "club-images", "club-temp"]) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      for (const object of listed.Contents ?? []) objects.add(`${bucket}/${object.Key}`);
    }
    client.destroy();
    const stored = new Set(
      (await running.database.db.select({ bucket: files.bucket, key: files.objectKey }).from(files)).map(
        (row) => `${row.bucket}/${row.key}`,
      ),
    );
    const orphanObjects = [...objects].filter((key) => !stored.has(key)).length;
    const orphanRows = [...stored].filter((key) => !objects.has(key)).length;
    figures.s3Outage = {
      failedRequests: attempts.length,
      all503: true,
      slowestMs: Math.round(slowest),
      orphanRows,
      orphanObjects,
    };
    expect(orphanRows).toBe(0);
    expect(orphanObjects).toBe(0);
  });
});
