// What an Idempotency-Key costs: POST /api/plans through the route handlers in this process (the HTTP server's own
// work is the same with or without the header) on PostgreSQL and Redis, without a key, with a fresh key per request
// (reserve the key, run, record the answer: two more statements) and as a replay (one statement, nothing runs).
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Figure, writeResults } from "./results-file";
import { prepareDatabase } from "./servers";

const SERIAL_SECONDS = 4;
const PARALLEL_SECONDS = 5;
const PARALLEL = 16;
/** Modes alternate round by round and each figure is the median of its rounds: the machine's load drifts. */
const ROUNDS = 3;

process.env.AUTH_SECRET = randomBytes(48).toString("base64url");
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "clubops-bench-idempotency-"));
process.env.LOG_LEVEL = "silent";
process.env.EMBEDDED_SCHEDULER = "false";
process.env.RATE_LIMIT_SETUP_PER_MINUTE = "100000";

const url = process.env.DATABASE_URL;
if (!url || !process.env.REDIS_URL) throw new Error("DATABASE_URL and REDIS_URL (PostgreSQL and Redis) are required");
await prepareDatabase(url);

const { POST: createPlan } = await import("@/app/api/plans/route");
const { call } = await import("@/tests/support/api");
const { completeSetup } = await import("@/tests/support/accounts");
const { stopPlatform } = await import("@/lib/platform/container");

type Mode = "unkeyed" | "keyed" | "replayed";
type Run = { perSecond: number; p50: number; p99: number };

let plans = 0;
/** A plan no request created before (names and codes are unique). */
const newPlan = () => {
  plans += 1;
  return { name: `Bench plan ${plans}`, code: `B${plans}`, monthlyPrice: "10.00" };
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** `workers` callers posting plans for `seconds`; a replay worker sends its first request again and again. */
async function measure(token: string, mode: Mode, workers: number, seconds: number): Promise<Run> {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      const replayKey = randomUUID();
      const replayBody = newPlan();
      while (performance.now() < deadline) {
        const body = mode === "replayed" ? replayBody : newPlan();
        const key = mode === "replayed" ? replayKey : mode === "keyed" ? randomUUID() : undefined;
        const started = performance.now();
        const reply = await call(createPlan, {
          path: "/api/plans",
          token,
          body,
          headers: key ? { "idempotency-key": key } : {},
        });
        latencies.push(performance.now() - started);
        if (reply.status !== 201) throw new Error(`${mode}: ${reply.status} ${JSON.stringify(reply.body)}`);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    perSecond: Math.round(latencies.length / seconds),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Each mode's runs over ROUNDS alternating rounds, reduced to the median of every figure. */
async function rounds(token: string, modes: readonly Mode[], workers: number, seconds: number) {
  const runs = new Map<Mode, Run[]>(modes.map((mode) => [mode, []]));
  for (let round = 0; round < ROUNDS; round += 1)
    for (const mode of modes) runs.get(mode)?.push(await measure(token, mode, workers, seconds));
  const of = (mode: Mode): Run => {
    const each = runs.get(mode) ?? [];
    return {
      perSecond: median(each.map((run) => run.perSecond)),
      p50: median(each.map((run) => run.p50)),
      p99: median(each.map((run) => run.p99)),
    };
  };
  return { unkeyed: of("unkeyed"), keyed: of("keyed"), replayed: of("replayed") };
}

try {
  const token = await completeSetup();
  await measure(token, "unkeyed", PARALLEL, 3); // warm-up: connections, prepared statements, JIT
  const serial = await rounds(token, ["unkeyed", "keyed", "replayed"], 1, SERIAL_SECONDS);
  const parallel = await rounds(token, ["unkeyed", "keyed"], PARALLEL, PARALLEL_SECONDS);
  const figures: Figure[] = [
    { name: "POST /api/plans without a key, latency p50 (one caller)", unit: "ms", measured: serial.unkeyed.p50 },
    {
      name: "POST /api/plans with a fresh Idempotency-Key, latency p50 (one caller)",
      unit: "ms",
      measured: serial.keyed.p50,
    },
    {
      name: "added by a fresh Idempotency-Key, p50 (one caller)",
      unit: "ms",
      measured: Math.round((serial.keyed.p50 - serial.unkeyed.p50) * 100) / 100,
    },
    {
      name: "replayed answer (same key, same request), latency p50 (one caller)",
      unit: "ms",
      measured: serial.replayed.p50,
    },
    { name: `without a key, ${PARALLEL} callers`, unit: "req/s", measured: parallel.unkeyed.perSecond },
    { name: `with a fresh Idempotency-Key, ${PARALLEL} callers`, unit: "req/s", measured: parallel.keyed.perSecond },
    {
      name: `with a fresh Idempotency-Key, ${PARALLEL} callers, latency p99`,
      unit: "ms",
      measured: parallel.keyed.p99,
    },
    { name: `without a key, ${PARALLEL} callers, latency p99`, unit: "ms", measured: parallel.unkeyed.p99 },
  ];
  writeResults("idempotency", figures, {
    route: "POST /api/plans, in-process route handlers",
    rounds: ROUNDS,
    serialSeconds: SERIAL_SECONDS,
    parallelSeconds: PARALLEL_SECONDS,
    parallelCallers: PARALLEL,
    database: "postgres",
    cache: "redis",
  });
} finally {
  await stopPlatform();
}
