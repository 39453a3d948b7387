// What the HTTP benchmarks share: a free loopback port, waiting for a server to answer, stopping it, and a migrated,
// empty database for the server to start on.
import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database } from "@/lib/platform/db";
import { createPostgresDatabase } from "@/lib/platform/db/postgres";
import { resetDatabase } from "@/tests/support/reset-database";
import { TEST_SETUP_CODE } from "@/tests/support/setup-code";

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Resolves once `url` answers 2xx; throws after two minutes. */
export async function waitUntilAnswering(url: string): Promise<void> {
  for (const started = Date.now(); ; ) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    if (Date.now() - started > 120_000) throw new Error(`${url} not answering after 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * `scripts/start.sh` of the checkout at `root` (this one unless given) on loopback `port`, with `env` added to this
 * process's; the server's output goes where `stdio` says.
 */
export function spawnProductionServer(options: {
  port: number;
  env: Record<string, string>;
  stdio: StdioOptions;
  root?: string;
}): ChildProcess {
  const script = path.join(options.root ?? ".", "scripts", "start.sh");
  return spawn("bash", [script, "-p", String(options.port), "-H", "127.0.0.1"], {
    // The harnesses' setup code (they set clubs up over HTTP) unless the caller's environment names another.
    env: { SETUP_CODE: TEST_SETUP_CODE, ...process.env, ...options.env },
    stdio: options.stdio,
  });
}

/**
 * The production server (`scripts/start.sh`) on a free loopback port with its own data directory, on the
 * environment's database and cache: quiet logs, no scheduled jobs, and rate limits out of the load's way. `env` adds
 * to that (bench/tracing-overhead.ts: the OTEL_* variables of each run).
 */
export async function startAppServer(
  name: string,
  env: Record<string, string> = {},
): Promise<{ base: string; server: ChildProcess }> {
  const port = await freePort();
  const server = spawnProductionServer({
    port,
    env: {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `clubops-bench-${name}-`)),
      LOG_LEVEL: "warn",
      EMBEDDED_SCHEDULER: "false",
      RATE_LIMIT_AUTH_PER_MINUTE: "100000",
      RATE_LIMIT_SETUP_PER_MINUTE: "100000",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { base: `http://127.0.0.1:${port}`, server };
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/**
 * Migrates and empties the PostgreSQL database at `url`, then lets `fill` load it, before a server starts on it:
 * each benchmark begins from its own data, whatever ran before it, and the server caches nothing from earlier.
 */
export async function prepareDatabase(
  url: string,
  fill: (db: Database) => Promise<void> = async () => {},
): Promise<void> {
  const database = createPostgresDatabase({ url, poolMax: 2, connectTimeoutSeconds: 10, statementTimeoutMs: 900_000 });
  try {
    await database.migrate();
    await resetDatabase(database);
    await fill(database.db);
  } finally {
    await database.close();
  }
}
