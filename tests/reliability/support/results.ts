import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const RESULTS_DIR = path.resolve(import.meta.dirname, "../results");

/** Writes tests/reliability/results/<name>.json (machine, versions, figures) and prints the figures. */
export function recordResults(name: string, figures: Record<string, unknown>): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const record = {
    name,
    recordedAt: new Date().toISOString(),
    machine: {
      platform: `${os.platform()} ${os.release()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "",
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    },
    node: process.version,
    database: process.env.DATABASE_URL ? "postgres" : "pglite",
    cache: process.env.REDIS_URL ? "redis" : "memory",
    figures,
  };
  writeFileSync(path.join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(record, null, 2)}\n`);
  console.log(`[reliability] ${name}: ${JSON.stringify(figures)}`);
}
