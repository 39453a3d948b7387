import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, stopProcess, waitUntilAnswering } from "@/bench/servers";
import { createPostgresDatabase } from "@/lib/platform/db/postgres";
import { auditOutbox } from "@/lib/platform/db/schema/audit";
import { type AppInstance, startAppInstance } from "./app-instance";
import { type Cleanups, ownDatabase, ownRedis } from "./own-services";

/**
 * A real Prometheus server (Debian's `prometheus`) scrapes a production instance, as docs/operations.md ("Metrics")
 * tells operators to configure it: one job with the instance's METRICS_TOKEN, and one with a wrong token that must
 * get nothing. The instance runs on real PostgreSQL and Redis (DATABASE_URL_REAL / REDIS_URL_REAL, else its own).
 */

const PROMETHEUS = "/usr/bin/prometheus";
const PROMTOOL = "/usr/bin/promtool";
const METRICS_TOKEN = randomBytes(24).toString("hex");
const GOOD_JOB = "clubops";
const BAD_JOB = "clubops-wrong-token";

const root = mkdtempSync(path.join(tmpdir(), "clubops-prometheus-"));
const cleanups: Cleanups = [];
let app: AppInstance;
let prometheusBase: string;

function prometheusConfig(target: string): string {
  const job = (name: string, token: string) => `
  - job_name: ${name}
    authorization:
      type: Bearer
      credentials: ${token}
    static_configs:
      - targets: ["${target}"]`;
  return `global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:${job(GOOD_JOB, METRICS_TOKEN)}${job(BAD_JOB, randomBytes(24).toString("hex"))}
`;
}

async function startPrometheus(target: string): Promise<ChildProcess> {
  const config = path.join(root, "prometheus.yml");
  writeFileSync(config, prometheusConfig(target));
  const port = await freePort();
  const prometheus = spawn(
    PROMETHEUS,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(root, "tsdb")}`,
      `--web.listen-address=127.0.0.1:${port}`,
      "--log.level=warn",
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  prometheusBase = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${prometheusBase}/-/ready`);
  return prometheus;
}

type Target = { labels: { job: string }; health: "up" | "down" | "unknown"; lastError: string };
type Sample = { metric: Record<string, string>; value: [number, string] };

async function prometheusApi<T>(pathAndQuery: string): Promise<T> {
  const answer = await fetch(`${prometheusBase}${pathAndQuery}`);
  const body = (await answer.json()) as { status: string; data: T };
  if (body.status !== "success") throw new Error(`${pathAndQuery}: ${JSON.stringify(body)}`);
  return body.data;
}

const query = async (promql: string) =>
  (await prometheusApi<{ result: Sample[] }>(`/api/v1/query?query=${encodeURIComponent(promql)}`)).result;

/** Polls until `check` passes: Prometheus scrapes once a second, so a value shows within a few seconds. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (check(last)) return last;
    await sleep(250);
  }
  throw new Error(`${what}: still ${JSON.stringify(last)} after 20 s`);
}

const valuesOf = (samples: Sample[]) => samples.map((sample) => Number(sample.value[1]));

beforeAll(async () => {
  if (!existsSync(PROMETHEUS)) throw new Error(`${PROMETHEUS} is missing: apt-get install prometheus`);
  const [databaseUrl, redisUrl] = await Promise.all([ownDatabase("clubops_prometheus", cleanups), ownRedis(cleanups)]);
  app = await startAppInstance({
    env: {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      DATA_DIR: path.join(root, "app"),
      METRICS_TOKEN,
      LOG_LEVEL: "warn",
      EMBEDDED_SCHEDULER: "false",
    },
  });
  cleanups.push(() => app.stop());

  // An audit entry that has waited an hour for forwarding (no job runs here), and three refused API requests.
  const database = createPostgresDatabase({
    url: databaseUrl,
    poolMax: 1,
    connectTimeoutSeconds: 10,
    statementTimeoutMs: 60_000,
  });
  await database.db.insert(auditOutbox).values({
    action: "Prometheus.Checked",
    severity: "Info",
    entity: "metrics",
    occurredAt: new Date(Date.now() - 3_600_000),
  });
  await database.close();
  for (let i = 0; i < 3; i += 1) expect((await fetch(`${app.base}/api/members`)).status).toBe(401);

  const prometheus = await startPrometheus(`127.0.0.1:${app.port}`);
  cleanups.push(() => stopProcess(prometheus));
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
});

describe("a Prometheus server scraping an instance", () => {
  it("scrapes with the right token, and gets 401 with a wrong one", async () => {
    const targets = await eventually(
      async () => (await prometheusApi<{ activeTargets: Target[] }>("/api/v1/targets")).activeTargets,
      (active) =>
        active.some((target) => target.labels.job === GOOD_JOB && target.health === "up") &&
        active.some((target) => target.labels.job === BAD_JOB && target.health === "down"),
      "target health",
    );
    expect(targets.find((target) => target.labels.job === BAD_JOB)?.lastError).toMatch(/401/);
    expect(await query(`clubops_http_requests_total{job="${BAD_JOB}"}`)).toEqual([]);
  });

  it("stores the request counter and latency histogram by route template and status", async () => {
    const refused = `job="${GOOD_JOB}",method="GET",route="/api/members",status="401"`;
    const counted = await eventually(
      () => query(`clubops_http_requests_total{${refused}}`),
      (samples) => samples.length === 1,
      "request counter",
    );
    expect(valuesOf(counted)).toEqual([3]);
    const buckets = await query(`clubops_http_request_duration_seconds_bucket{${refused}}`);
    expect(buckets.map((sample) => sample.metric.le)).toContain("+Inf");
    expect(valuesOf(buckets.filter((sample) => sample.metric.le === "+Inf"))).toEqual([3]);
  });

  it("stores the audit outbox's oldest age and the process's memory", async () => {
    const age = await eventually(
      () => query(`clubops_audit_outbox_oldest_age_seconds{job="${GOOD_JOB}"}`),
      (samples) => samples.length === 1,
      "audit outbox age",
    );
    expect(valuesOf(age)[0]).toBeGreaterThanOrEqual(3600);
    const memory = valuesOf(await query(`process_resident_memory_bytes{job="${GOOD_JOB}"}`));
    expect(memory).toHaveLength(1);
    expect(memory[0]).toBeGreaterThan(50 * 1024 * 1024);
  });

  it.runIf(existsSync(PROMTOOL))("serves an exposition promtool parses, whose own metrics pass its lint", async () => {
    const scrape = await fetch(`${app.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.status).toBe(200);
    const exposition = await scrape.text();
    const verdict = await new Promise<{ code: number; problems: string[] }>((resolve) => {
      const child = execFile(PROMTOOL, ["check", "metrics"], (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === "number" ? error.code : -1) : 0,
          problems: `${stdout}${stderr}`.split("\n").filter((line) => line.trim() !== ""),
        }),
      );
      child.stdin?.end(exposition);
    });
    // 1 would be a parse failure; 3 is lint only. prom-client's default nodejs_active_{handles,requests,resources}_total
    // are gauges with a counter's suffix (kept by prom-client for compatibility): the only lint findings allowed.
    expect([0, 3]).toContain(verdict.code);
    expect(verdict.problems.filter((problem) => !/^nodejs_active_\w+_total non-counter/.test(problem))).toEqual([]);
  });
});
