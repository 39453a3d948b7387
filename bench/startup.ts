// Start-up time of the production build on embedded defaults: process start → /health/ready 200, fresh data dir.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeResults } from "./results-file";
import { freePort } from "./servers";

const RUNS = 3;

async function timeToReady(): Promise<number> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "clubops-startup-"));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  for (const name of ["DATABASE_URL", "REDIS_URL", "S3_ENDPOINT", "CLICKHOUSE_URL", "EMAIL_RENDERER_URL", "SMTP_URL"])
    delete env[name];
  const started = performance.now();
  const server = spawn("bash", ["scripts/start.sh", "-p", String(port), "-H", "127.0.0.1"], { env, stdio: "ignore" });
  try {
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) return performance.now() - started;
      if (performance.now() - started > 120_000) throw new Error("not ready after 120 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const times: number[] = [];
for (let run = 0; run < RUNS; run += 1) times.push(await timeToReady());
times.sort((a, b) => a - b);
writeResults(
  "startup",
  [
    {
      name: "start-up to /health/ready 200 (median, embedded defaults, fresh data)",
      unit: "ms",
      measured: Math.round(times[Math.floor(RUNS / 2)] ?? 0),
    },
  ],
  { runs: RUNS, all: times.map(Math.round).join(", ") },
);
