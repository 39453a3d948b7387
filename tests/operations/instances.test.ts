import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonApi, setUpClub, signedInEmployee } from "@/bench/club-api";
import { JOBS } from "@/lib/jobs/definitions";
import type { DatabaseAdapter } from "@/lib/platform/db";
import { createPostgresDatabase } from "@/lib/platform/db/postgres";
import { employeeCheckins } from "@/lib/platform/db/schema";
import { type ClockAnswer, clockLoad } from "./clock-load";
import { type Cluster, startCluster } from "./cluster";
import { releaseWithMigration } from "./release";

/**
 * Four production instances behind haproxy on one PostgreSQL, Redis, S3, SMTP sink, renderer and analytical store
 * (tests/operations/cluster.ts): what an operator relies on when running several (docs/operations.md, "Several
 * instances"). The scheduled-job check counts over the cases that leave every instance running (its counters live in
 * the processes), so they fill part of its wait for two schedule slots; the kill and the rolling restart come last.
 */

const SIZE = 4;
const AUTH_LIMIT = 10;
const EMPLOYEES = 16;
const EVERY_MINUTE = JOBS.filter((job) => job.cron === "* * * * *").map((job) => job.name);
/**
 * The every-minute jobs run every 20 s here (EMBEDDED_SCHEDULER_TICK_SECONDS), so counting two schedule slots waits
 * tens of seconds, not minutes. Not shorter: with four instances on two cores an event loop stalls for seconds at
 * times, and a timer must still fire within its slot.
 */
const TICK_SECONDS = 20;
const SLOT_MS = TICK_SECONDS * 1000;
const slotOf = (at: number) => Math.floor(at / SLOT_MS);

let cluster: Cluster;
let admin: { email: string; password: string; accessToken: string };
let employees: string[];
let workDir: string;

/** Calls to instance `index` directly, as client `address` (each instance trusts its caller as the balancer). */
const direct = (index: number, address: string) =>
  jsonApi(cluster.instances[index]?.base ?? "", { "x-forwarded-for": address });

type JobCounts = Record<string, { completed: number; failed: number; skipped: number }>;

/** clubops_job_runs_total summed over the instances' GET /metrics. */
async function jobRuns(): Promise<JobCounts> {
  const counts: JobCounts = {};
  for (const instance of cluster.instances) {
    const reply = await fetch(`${instance.base}/metrics`, {
      headers: { authorization: `Bearer ${cluster.metricsToken}` },
    });
    expect(reply.status).toBe(200);
    for (const [, job = "", outcome = "", value] of (await reply.text()).matchAll(
      /^clubops_job_runs_total\{job="([^"]+)",outcome="(\w+)"\} (\d+)$/gm,
    )) {
      counts[job] ??= { completed: 0, failed: 0, skipped: 0 };
      const entry = counts[job];
      if (outcome === "completed" || outcome === "failed" || outcome === "skipped") entry[outcome] += Number(value);
    }
  }
  return counts;
}

/**
 * Waits until the slot is a third to five sixths old: the jobs due at its start have finished everywhere, the next are
 * not due.
 */
async function quietSecond(): Promise<number> {
  for (;;) {
    const intoSlot = Date.now() % SLOT_MS;
    if (intoSlot >= SLOT_MS / 3 && intoSlot <= (SLOT_MS * 5) / 6) return Date.now();
    await sleep(500);
  }
}

async function status(base: string, route: string, init: RequestInit = {}): Promise<number> {
  const reply = await fetch(`${base}${route}`, init);
  await reply.body?.cancel();
  return reply.status;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Runs `work` on a connection of its own to the cluster's database. */
async function inDatabase<T>(work: (database: DatabaseAdapter) => Promise<T>): Promise<T> {
  const database = createPostgresDatabase({
    url: cluster.databaseUrl,
    poolMax: 1,
    connectTimeoutSeconds: 5,
    statementTimeoutMs: 60_000,
  });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** How many of `ids` are rows of employee_checkins: an event answered 2xx must be one. */
const storedCheckins = (ids: string[]) =>
  inDatabase(async (database) => {
    const rows = await database.db
      .select({ id: employeeCheckins.id })
      .from(employeeCheckins)
      .where(inArray(employeeCheckins.id, ids));
    return rows.length;
  });

const answered2xx = (answers: ClockAnswer[]) => answers.flatMap((answer) => (answer.eventId ? [answer.eventId] : []));

describe(`${SIZE} production instances behind haproxy`, () => {
  let baseline: { at: number; runs: JobCounts };

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(tmpdir(), "clubops-instances-"));
    cluster = await startCluster({
      size: SIZE,
      env: { RATE_LIMIT_AUTH_PER_MINUTE: String(AUTH_LIMIT), EMBEDDED_SCHEDULER_TICK_SECONDS: String(TICK_SECONDS) },
    });
    // The job counts start here, so setting the club up below also fills part of the wait for two slots.
    baseline = { at: await quietSecond(), runs: await jobRuns() };
    // Set up directly on the instances, each caller with an address of its own: the balancer's address (127.0.0.1)
    // keeps its whole sign-in allowance for the rate-limit case.
    admin = await setUpClub(direct(0, "10.0.0.1"));
    // One employee per instance at a time: each costs three password hashes, and two cores are all there is.
    employees = [];
    for (let first = 0; first < EMPLOYEES; first += SIZE) {
      const batch = Array.from({ length: SIZE }, (_, offset) => first + offset);
      employees.push(
        ...(await Promise.all(
          batch.map((index) => signedInEmployee(direct(index % SIZE, `10.1.${index}.1`), admin.accessToken, index)),
        )),
      );
    }
  });

  afterAll(async () => {
    await cluster?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it("holds the sign-in rate limit across instances: round-robin sign-ins past the limit are refused with 429", async () => {
    const before = await cluster.haproxy.servers();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= AUTH_LIMIT; attempt += 1) {
      statuses.push(
        await status(cluster.base, "/api/auth/login", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: admin.email, password: admin.password }),
        }),
      );
    }
    expect(statuses).toEqual([...Array.from({ length: AUTH_LIMIT }, () => 200), 429]);
    // Every instance answered some of them: one shared counter refused the last, not one instance's own.
    const after = await cluster.haproxy.servers();
    for (const server of after) {
      const earlier = before.find((stat) => stat.name === server.name)?.totalSessions ?? 0;
      expect(server.totalSessions - earlier, server.name).toBeGreaterThanOrEqual(2);
    }
  });

  it("refuses a signed-out access token on every other instance (the deny-list is shared)", async () => {
    const { accessToken } = await direct(0, "10.2.0.1")<{ accessToken: string }>("POST", "/api/auth/login", {
      email: admin.email,
      password: admin.password,
    });
    for (const instance of cluster.instances.slice(1)) {
      expect(await status(instance.base, "/api/auth/me", { headers: bearer(accessToken) })).toBe(200);
    }
    const instance1 = cluster.instances[0]?.base ?? "";
    expect(await status(instance1, "/api/auth/logout", { method: "POST", headers: bearer(accessToken) })).toBe(204);
    for (const instance of cluster.instances.slice(1)) {
      expect(await status(instance.base, "/api/auth/me", { headers: bearer(accessToken) })).toBe(401);
    }
  });

  it("carries a session across instances: signed in on one, refreshed on a second, used on the others", async () => {
    const signedIn = await direct(0, "10.3.0.1")<{ refreshToken: string }>("POST", "/api/auth/login", {
      email: admin.email,
      password: admin.password,
      refreshTokenTransport: "body",
    });
    const refreshed = await direct(1, "10.3.0.1")<{ accessToken: string }>("POST", "/api/auth/refresh", {
      refreshToken: signedIn.refreshToken,
    });
    for (const index of [2, 3]) {
      const me = await direct(index, "10.3.0.1")<{ email: string }>(
        "GET",
        "/api/auth/me",
        undefined,
        refreshed.accessToken,
      );
      expect(me.email).toBe(admin.email);
    }
  });

  it("keeps a connection that was idle past Node's default 5 s open for the balancer's next request", async () => {
    const instance = cluster.instances[1];
    if (!instance) throw new Error("no second instance");
    const socket = connect(instance.port, "127.0.0.1");
    await once(socket, "connect");
    let closed = false;
    socket.once("close", () => {
      closed = true;
    });
    const request = () => {
      socket.write(`GET /health/live HTTP/1.1\r\nHost: 127.0.0.1:${instance.port}\r\n\r\n`);
      return once(socket, "data").then(([chunk]) => String(chunk).split("\r\n")[0]);
    };
    try {
      expect(await request()).toBe("HTTP/1.1 200 OK");
      await sleep(6_000);
      expect(closed, "the server closed the idle connection").toBe(false);
      expect(await request()).toBe("HTTP/1.1 200 OK");
    } finally {
      socket.destroy();
    }
  });

  it("runs each every-minute job once per schedule slot across the instances; the others skip it", async () => {
    expect(EVERY_MINUTE.length).toBeGreaterThan(0);
    // Two slots at least past the baseline, read when their runs are over.
    let now = await quietSecond();
    while (slotOf(now) - slotOf(baseline.at) < 2) {
      await sleep(SLOT_MS - (now % SLOT_MS) + SLOT_MS / 3);
      now = await quietSecond();
    }
    const slots = slotOf(now) - slotOf(baseline.at);
    const runs = await jobRuns();
    for (const job of EVERY_MINUTE) {
      const before = baseline.runs[job] ?? { completed: 0, failed: 0, skipped: 0 };
      const after = runs[job] ?? { completed: 0, failed: 0, skipped: 0 };
      expect({
        job,
        completed: after.completed - before.completed,
        failed: after.failed - before.failed,
        skipped: after.skipped - before.skipped,
      }).toEqual({ job, completed: slots, failed: 0, skipped: (SIZE - 1) * slots });
    }
  });

  it("forwards the audit entries written on every instance into the one analytical store", async () => {
    // The employees were created through all four instances; whichever instance runs the forwarding job moves
    // their audit entries from the PostgreSQL outbox to ClickHouse, and any instance reads them back.
    for (const index of [0, 3]) {
      await expect
        .poll(
          async () =>
            (
              await direct(index, "10.4.0.1")<{ totalCount: number }>(
                "GET",
                "/api/audit-logs?action=users.created",
                undefined,
                admin.accessToken,
              )
            ).totalCount,
          { timeout: 150_000, interval: 2_000 },
        )
        .toBe(EMPLOYEES);
    }
  });

  it("keeps every instance in the balancer while Redis is down: each request answered by the app, each event stored", async () => {
    const started = Date.now();
    const load = clockLoad(cluster.base, employees, () => Date.now() - started > 12_000);
    await sleep(2_000);
    await cluster.redis.stop();
    // Past haproxy's verdict on a failing check (three checks a second apart).
    await sleep(6_000);
    const ready = await fetch(`${cluster.base}/health/ready`);
    const servers = await cluster.haproxy.servers();
    await cluster.redis.start();
    const answers = await load;

    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: "Degraded",
      entries: { database: { status: "Healthy" }, cache: { status: "Unhealthy" } },
    });
    expect(servers.map((server) => server.status)).toEqual(["UP", "UP", "UP", "UP"]);
    expect(answers.length).toBeGreaterThan(EMPLOYEES * 3);
    expect(answers.filter((answer) => !answer.eventId)).toEqual([]);
    const events = answered2xx(answers);
    expect(await storedCheckins(events)).toBe(events.length);
  });

  it("answers problem details itself when no instance can take a request", async () => {
    const names = (await cluster.haproxy.servers()).map((server) => server.name);
    for (const name of names) await cluster.haproxy.command(`set server app/${name} state maint`);
    try {
      const reply = await fetch(`${cluster.base}/api/members`);
      expect(reply.status).toBe(503);
      expect(reply.headers.get("content-type")).toBe("application/problem+json");
      expect(await reply.json()).toEqual({
        type: "https://tools.ietf.org/html/rfc9110#section-15.6.4",
        title: "Service Unavailable",
        status: 503,
        detail: "No instance of the service can answer now. Try again shortly.",
      });
    } finally {
      for (const name of names) await cluster.haproxy.ready(name);
    }
  });

  it("loses no committed clock event when an instance is killed under load, and the others keep answering", async () => {
    const started = Date.now();
    let killedAt = Number.POSITIVE_INFINITY;
    const load = clockLoad(cluster.base, employees, () => Date.now() - started > 15_000);
    await sleep(5_000);
    killedAt = Date.now();
    cluster.instances[1]?.kill();
    const answers = await load;

    const events = answered2xx(answers);
    expect(await storedCheckins(events)).toBe(events.length);
    // From two seconds after the kill the balancer has taken the instance out and every request is answered 2xx.
    const late = answers.filter((answer) => answer.sentAt > killedAt + 2_000);
    expect(late.length).toBeGreaterThan(EMPLOYEES);
    expect(late.filter((answer) => !answer.eventId)).toEqual([]);
    expect((await cluster.haproxy.servers()).map((server) => [server.name, server.status])).toEqual([
      ["app1", "UP"],
      ["app2", "DOWN"],
      ["app3", "UP"],
      ["app4", "UP"],
    ]);

    await cluster.start(1);
    await cluster.haproxy.ready("app2");
  });

  it("keeps answering through a rolling restart onto a release with an additive migration", async () => {
    const root = releaseWithMigration(workDir, {
      tag: "0099_operations_expand",
      statements: ['ALTER TABLE "employee_checkins" ADD COLUMN "terminal_label" text;'],
    });
    let restarted = false;
    const load = clockLoad(cluster.base, employees, () => restarted);
    // drain → SIGTERM → start the new release → ready, one instance at a time; the first applies the migration.
    for (const [index, server] of cluster.instances.entries()) {
      const name = `app${index + 1}`;
      await cluster.haproxy.drain(name);
      await server.stop();
      await cluster.start(index, { root });
      await cluster.haproxy.ready(name);
    }
    restarted = true;
    const answers = await load;

    expect(answers.filter((answer) => !answer.eventId)).toEqual([]);
    expect(answers.length).toBeGreaterThan(EMPLOYEES * 4);
    const events = answered2xx(answers);
    expect(await storedCheckins(events)).toBe(events.length);
    const added = await inDatabase((database) =>
      database.rows(
        database.db,
        sql`select column_name from information_schema.columns where table_name = 'employee_checkins' and column_name = 'terminal_label'`,
      ),
    );
    expect(added).toHaveLength(1);
  });
});
