import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export type Figure = { name: string; unit: string; measured: number; target?: { op: "<" | ">="; value: number } };

/** Writes bench/results/<name>.json with the machine and versions the figures were measured on. */
export function writeResults(name: string, figures: Figure[], setup: Record<string, string | number>): void {
  const dir = path.join(process.cwd(), "bench", "results");
  mkdirSync(dir, { recursive: true });
  const body = {
    name,
    measuredAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "unknown",
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    },
    versions: { node: process.version },
    setup,
    figures,
  };
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(body, null, 2)}\n`);
  for (const figure of figures) console.log(`${name}: ${figure.name} = ${figure.measured} ${figure.unit}`);
}
