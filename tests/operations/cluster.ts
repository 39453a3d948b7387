import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { freePort, stopProcess, waitUntilAnswering } from "@/bench/servers";
import { createPostgresDatabase } from "@/lib/platform/db/postgres";
import { type RedisServer, startRedis } from "@/tests/reliability/services";
import { type AppInstance, startAppInstance } from "./app-instance";
import { type Haproxy, startHaproxy } from "./haproxy";

/**
 * N production instances behind haproxy, sharing what several instances must share (docs/operations.md, "Several
 * instances"): one PostgreSQL database of the run's server (DATABASE_URL_REAL), one Redis server of the cluster's own
 * (a test stops it), one S3 server, one SMTP sink, one email renderer and one analytical store behind a ClickHouse
 * HTTP endpoint (the chDB test fixture), and one AUTH_SECRET. Each instance has a DATA_DIR of its own, trusts the
 * balancer as one proxy hop and runs the embedded scheduler, as a deployment without Inngest does.
 */
export type Cluster = {
  /** The balancer's address: where clients go. */
  base: string;
  haproxy: Haproxy;
  /** Instance i is haproxy's server `app<i+1>`. */
  instances: AppInstance[];
  /** The cluster's own PostgreSQL database. */
  databaseUrl: string;
  /** The bearer token each instance's GET /metrics takes. */
  metricsToken: string;
  /** The instances' Redis, which a test may stop and start again (it comes back empty, like a lost cache). */
  redis: Pick<RedisServer, "stop" | "start">;
  /** Starts instance `index` again on its port and DATA_DIR (after stop() or kill()), from `root` when given. */
  start(index: number, options?: { root?: string }): Promise<AppInstance>;
  stop(): Promise<void>;
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required (scripts/test-operations.sh sets it)`);
  return value;
}

/** A process of the test's own: a TypeScript script run by tsx. */
function startHelper(script: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ["node_modules/.bin/tsx", script, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Resolves once `url` gives any HTTP answer: s3rver refuses an unsigned request, and that is enough. */
async function answering(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (
    !(await fetch(url).then(
      () => true,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error(`${url} not answering after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One statement through the run server's maintenance database (`postgres`): creating or dropping the cluster's own. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = createPostgresDatabase({
    url: serverUrl,
    poolMax: 1,
    connectTimeoutSeconds: 5,
    statementTimeoutMs: 60_000,
  });
  try {
    await admin.db.execute(sql.raw(statement));
  } finally {
    await admin.close();
  }
}

async function createDatabase(serverUrl: string, name: string): Promise<string> {
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function startCluster(options: { size: number; env?: Record<string, string> }): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), "clubops-cluster-"));
  const serverUrl = required("DATABASE_URL_REAL");
  const databaseName = `clubops_cluster_${randomBytes(4).toString("hex")}`;
  const helpers: ChildProcess[] = [];
  const instances: AppInstance[] = [];
  let haproxy: Haproxy | undefined;
  let redis: RedisServer | undefined;

  const stop = async () => {
    await haproxy?.stop();
    await Promise.allSettled(instances.map((instance) => instance.stop()));
    await Promise.allSettled(helpers.map((helper) => stopProcess(helper)));
    await redis?.destroy();
    await onServer(serverUrl, `drop database if exists "${databaseName}" with (force)`).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const [s3Port, chdbPort, smtpPort, mailboxPort, rendererPort, balancerPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const ports = await Promise.all(Array.from({ length: options.size }, () => freePort()));
    helpers.push(
      startHelper("tests/operations/fixtures/s3-server.ts", [String(s3Port), path.join(dir, "s3")]),
      startHelper("tests/operations/fixtures/chdb-http.ts", [String(chdbPort), path.join(dir, "chdb")]),
      startHelper("scripts/e2e-mailbox.ts", [String(smtpPort), String(mailboxPort)]),
      startHelper("scripts/email-renderer.ts", [], {
        EMAIL_RENDERER_PORT: String(rendererPort),
        LOG_LEVEL: "warn",
      }),
    );
    const [databaseUrl, redisServer] = await Promise.all([
      createDatabase(serverUrl, databaseName),
      startRedis(),
      answering(`http://127.0.0.1:${s3Port}/`),
      answering(`http://127.0.0.1:${chdbPort}/ping`),
      answering(`http://127.0.0.1:${mailboxPort}/`),
      waitUntilAnswering(`http://127.0.0.1:${rendererPort}/health`),
    ]);
    redis = redisServer;
    const metricsToken = randomBytes(24).toString("base64url");
    const base = `http://127.0.0.1:${balancerPort}`;
    const shared = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisServer.url,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      CLICKHOUSE_URL: `http://127.0.0.1:${chdbPort}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      EMAIL_RENDERER_URL: `http://127.0.0.1:${rendererPort}`,
      AUTH_SECRET: randomBytes(48).toString("base64url"),
      METRICS_TOKEN: metricsToken,
      APP_URL: base,
      TRUSTED_PROXY_HOPS: "1",
      EMBEDDED_SCHEDULER: "true",
      LOG_LEVEL: "warn",
      // Four instances, the services and the load share two cores here: an event loop stalls for seconds at times,
      // and a Redis answer read late must not count as a Redis outage (504) in a test about something else.
      REDIS_COMMAND_TIMEOUT_MS: "5000",
      ...options.env,
    };
    const startInstance = (index: number, root?: string) => {
      const port = ports[index];
      if (port === undefined) throw new RangeError(`the cluster has no instance ${index}`);
      const dataDir = path.join(dir, `app${index + 1}`);
      mkdirSync(dataDir, { recursive: true });
      return startAppInstance({
        port,
        env: { ...shared, DATA_DIR: dataDir },
        root,
        log: path.join(dir, `app${index + 1}.log`),
      });
    };
    instances.push(...(await Promise.all(ports.map((_, index) => startInstance(index)))));
    haproxy = await startHaproxy({ port: balancerPort, servers: ports, dir });
    const balancer = haproxy;
    for (const server of await balancer.servers()) await balancer.ready(server.name);
    return {
      base,
      haproxy: balancer,
      instances,
      databaseUrl,
      metricsToken,
      redis: redisServer,
      async start(index, startOptions = {}) {
        const instance = await startInstance(index, startOptions.root);
        instances[index] = instance;
        return instance;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
