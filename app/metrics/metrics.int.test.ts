import "@/tests/support/isolated-env";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getConfig } from "@/lib/config";
import { createRedisCache } from "@/lib/platform/cache/redis";
import { platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox } from "@/lib/platform/db/schema/audit";
import { mailOutbox } from "@/lib/platform/db/schema/mail";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as runJob } from "../api/jobs/[name]/run/route";
import { GET as listJobs } from "../api/jobs/route";
import { GET as scrapeMetrics } from "./route";

// Before any module reads the configuration (imports are hoisted above plain statements).
const TOKEN = vi.hoisted(() => {
  const token = "integration-metrics-token-0123456789abcdef";
  process.env.METRICS_TOKEN = token;
  return token;
});

let token: string;

const scrape = (authorization?: string) =>
  scrapeMetrics(new Request("http://localhost/metrics", authorization ? { headers: { authorization } } : {}), {
    params: Promise.resolve({}),
  });

/** The value of one sample in the exposition `text`, undefined when absent. */
function valueIn(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split("\n")
    .find(
      (row) =>
        /^[a-z_]+(\{| )/.test(row) && row.split(/[{ ]/)[0] === name && wanted.every((pair) => row.includes(pair)),
    );
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : undefined;
}

async function sample(name: string, labels: Record<string, string> = {}): Promise<number> {
  return valueIn(await (await scrape(`Bearer ${TOKEN}`)).text(), name, labels) ?? 0;
}

beforeAll(async () => {
  await resetDatabase((await platform()).database);
  token = await completeSetup();
});
afterAll(stopPlatform);

describe("GET /metrics", () => {
  it("answers 401 without the token or with a wrong one, and the text format with it", async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape("Bearer not-the-metrics-token-but-just-as-long")).status).toBe(401);
    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toMatch(/^process_cpu_user_seconds_total \d/m);
  });

  it("counts an API request by its route template and status", async () => {
    const listed = { method: "GET", route: "/api/jobs", status: "200" };
    const refused = { method: "POST", route: "/api/jobs/{name}/run", status: "401" };
    const [listedBefore, refusedBefore] = [
      await sample("clubops_http_requests_total", listed),
      await sample("clubops_http_requests_total", refused),
    ];

    expect((await call(listJobs, { path: "/api/jobs", token })).status).toBe(200);
    const anonymous = await call(runJob, {
      path: "/api/jobs/process-auto-renewals/run",
      params: { name: "process-auto-renewals" },
      method: "POST",
    });
    expect(anonymous.status).toBe(401);

    expect(await sample("clubops_http_requests_total", listed)).toBe(listedBefore + 1);
    expect(await sample("clubops_http_request_duration_seconds_count", listed)).toBe(listedBefore + 1);
    expect(await sample("clubops_http_requests_total", refused)).toBe(refusedBefore + 1);
    expect(await sample("clubops_http_requests_total", { route: "/api/jobs/process-auto-renewals/run" })).toBe(0);
  });

  it("counts a job run and its duration", async () => {
    const labels = { job: "process-auto-renewals", outcome: "completed" };
    const before = await sample("clubops_job_runs_total", labels);
    const reply = await call(runJob, {
      path: "/api/jobs/process-auto-renewals/run",
      token,
      params: { name: "process-auto-renewals" },
      method: "POST",
    });
    expect(reply).toMatchObject({ status: 200, body: { status: "completed" } });
    expect(await sample("clubops_job_runs_total", labels)).toBe(before + 1);
    expect(await sample("clubops_job_duration_seconds_count", labels)).toBe(before + 1);
  });

  it("reports the audit outbox's backlog and the age of its oldest row", async () => {
    const { db } = (await platform()).database;
    await db.update(auditOutbox).set({ forwardedAt: new Date() });
    expect(await sample("clubops_audit_outbox_pending")).toBe(0);
    expect(await sample("clubops_audit_outbox_oldest_age_seconds")).toBe(0);

    const entry = { action: "Metrics.Checked", severity: "Info", entity: "metrics" } as const;
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await db.insert(auditOutbox).values([
      { ...entry, occurredAt: minutesAgo(10) },
      { ...entry, occurredAt: minutesAgo(5) },
      { ...entry, occurredAt: minutesAgo(1) },
      { ...entry, occurredAt: minutesAgo(30), forwardedAt: new Date() },
    ]);

    expect(await sample("clubops_audit_outbox_pending")).toBe(3);
    const age = await sample("clubops_audit_outbox_oldest_age_seconds");
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(1200);
  });

  it("reports the mail queue by status", async () => {
    const { db } = (await platform()).database;
    await db.delete(mailOutbox);
    const mail = { template: "password-reset", toAddress: "someone@example.org", props: {} };
    await db.insert(mailOutbox).values([
      { ...mail, status: "pending" },
      { ...mail, status: "pending" },
      { ...mail, status: "failed" },
      { ...mail, status: "sent" },
    ]);
    expect(await sample("clubops_mail_outbox", { status: "pending" })).toBe(2);
    expect(await sample("clubops_mail_outbox", { status: "failed" })).toBe(1);
    expect(await sample("clubops_mail_outbox", { status: "sent" })).toBe(0);
  });

  it("reports the pool's size, and counts a transaction in flight as a connection in use", async () => {
    const database = (await platform()).database;
    const max = database.kind === "pglite" ? 1 : getConfig().DATABASE_POOL_MAX;
    expect(await sample("clubops_db_pool_max")).toBe(max);
    expect(database.poolUse()).toEqual({ inUse: 0, waiting: 0, max });

    let release = () => {};
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const held = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      entered();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    try {
      await inside;
      expect(database.poolUse()).toMatchObject({ inUse: 1, waiting: 0 });
      // On PGlite (one connection) the statement waits for the transaction; on PostgreSQL it takes a second one.
      const queued = Promise.resolve(database.db.execute(sql`select pg_sleep(0.2)`));
      const expected = max === 1 ? { inUse: 1, waiting: 1 } : { inUse: 2, waiting: 0 };
      await vi.waitFor(() => expect(database.poolUse()).toMatchObject(expected));
      release();
      await Promise.all([held, queued]);
    } finally {
      release();
    }
    expect(database.poolUse()).toEqual({ inUse: 0, waiting: 0, max });
  });

  it("counts failed cache commands by operation", async () => {
    const unreachable = createRedisCache({ url: "redis://127.0.0.1:1", commandTimeoutMs: 500 });
    const before = await sample("clubops_cache_errors_total", { operation: "acquireLock" });
    await expect(unreachable.acquireLock("metrics:lock", 5)).rejects.toThrow();
    await unreachable.close();
    expect(await sample("clubops_cache_errors_total", { operation: "acquireLock" })).toBe(before + 1);
  });

  it("still answers 200 when a collector fails: its gauges are left out and the failure is counted", async () => {
    const database = (await platform()).database;
    const errors = { collector: "database-pool" };
    const before = await sample("clubops_metrics_collect_errors_total", errors);
    const poolUse = vi.spyOn(database, "poolUse").mockImplementation(() => {
      throw new Error("pool statistics unavailable");
    });
    try {
      const answer = await scrape(`Bearer ${TOKEN}`);
      expect(answer.status).toBe(200);
      const text = await answer.text();
      expect(valueIn(text, "clubops_db_pool_in_use")).toBeUndefined();
      expect(valueIn(text, "clubops_audit_outbox_pending")).toBeDefined();
      expect(valueIn(text, "clubops_metrics_collect_errors_total", errors)).toBe(before + 1);
    } finally {
      poolUse.mockRestore();
    }
    expect(await sample("clubops_db_pool_in_use")).toBe(0);
  });
});
