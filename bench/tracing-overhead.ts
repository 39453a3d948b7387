// What tracing costs (docs/performance.md): one production instance (`next start`) on PostgreSQL and Redis, measured
// on `GET /api/members?pageSize=20` over 10,000 members and on clock-in/clock-out pairs, 64 connections each, in three
// modes: OTEL_SDK_DISABLED, the default (no exporter configured: like OTEL_SDK_DISABLED, no tracer provider, so
// Next.js opens no span either; measured to show it costs nothing) and exporting every span over OTLP/HTTP
// protobuf to a receiver in this process. The modes alternate round by round, so a shared machine's drift spreads
// over all three; each figure is the median of the rounds.
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { startOtlpReceiver } from "@/tests/operations/otlp-receiver";
import { type ClubLoad, clockEveryoneOut, clubLoadOptions, jsonApi, setUpClub, signedInEmployee } from "./club-api";
import { type Figure, writeResults } from "./results-file";
import { seedMembers, vacuumAnalyze } from "./seed-data";
import { prepareDatabase, startAppServer, stopProcess, waitUntilAnswering } from "./servers";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const CONNECTIONS = 64;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 15);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const url = process.env.DATABASE_URL;
if (!url || !process.env.REDIS_URL) throw new Error("DATABASE_URL and REDIS_URL (PostgreSQL and Redis) are required");
// Every server start shares the signing secret, so the tokens made on the first stay valid on the others.
process.env.AUTH_SECRET = randomBytes(48).toString("base64url");

await prepareDatabase(url, async (db) => {
  await seedMembers(db, MEMBERS);
  await vacuumAnalyze(db, ["members"]);
});
const receiver = await startOtlpReceiver();

const MODES = {
  "OTEL_SDK_DISABLED=true": { OTEL_SDK_DISABLED: "true" },
  "default (no exporter)": {},
  "exporting (OTLP/HTTP protobuf)": { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint },
} satisfies Record<string, Record<string, string>>;
type Mode = keyof typeof MODES;
type Run = { requestsPerSecond: number; p99: number; failed: number };

const runs: Record<Mode, Record<ClubLoad, Run[]>> = {
  "OTEL_SDK_DISABLED=true": { members: [], clock: [] },
  "default (no exporter)": { members: [], clock: [] },
  "exporting (OTLP/HTTP protobuf)": { members: [], clock: [] },
};

let adminToken = "";
const tokens: string[] = [];
for (let round = 1; round <= ROUNDS; round += 1) {
  for (const [mode, env] of Object.entries(MODES) as [Mode, Record<string, string>][]) {
    const { base, server } = await startAppServer("tracing-overhead", env);
    try {
      await waitUntilAnswering(`${base}/health/ready`);
      if (!adminToken) {
        const api = jsonApi(base);
        adminToken = (await setUpClub(api)).accessToken;
        for (let index = 0; index < CONNECTIONS; index += 1)
          tokens.push(await signedInEmployee(api, adminToken, index));
      }
      // A run's end cuts passes between their clock-in and clock-out: the next run would start them with a 409.
      const run = async (load: ClubLoad, duration: number) => {
        if (load === "clock") await clockEveryoneOut(jsonApi(base), tokens);
        return autocannon({
          ...clubLoadOptions(load, { base, connections: CONNECTIONS, adminToken, tokens }),
          duration,
        });
      };
      for (const load of ["members", "clock"] as const) {
        await run(load, WARM_UP_SECONDS);
        const result = await run(load, DURATION_SECONDS);
        runs[mode][load].push({
          requestsPerSecond: result["2xx"] / DURATION_SECONDS,
          p99: result.latency.p99,
          failed: result.non2xx + result.errors + result.timeouts,
        });
        const statuses = Object.entries(result.statusCodeStats ?? {}).map(
          ([status, { count }]) => `${status}×${count}`,
        );
        console.log(
          `round ${round}, ${mode}, ${load}: ${Math.round(result["2xx"] / DURATION_SECONDS)} req/s (${statuses})`,
        );
      }
    } finally {
      await stopProcess(server);
    }
  }
}
await receiver.close();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const LOAD_NAMES = { members: "GET /api/members?pageSize=20", clock: "clock-in + clock-out" } as const;
const figures: Figure[] = [];
for (const load of ["members", "clock"] as const) {
  const disabled = median(runs["OTEL_SDK_DISABLED=true"][load].map((run) => run.requestsPerSecond));
  for (const mode of Object.keys(MODES) as Mode[]) {
    const rate = median(runs[mode][load].map((run) => run.requestsPerSecond));
    figures.push(
      { name: `${LOAD_NAMES[load]}, ${mode}`, unit: "req/s", measured: Math.round(rate) },
      {
        name: `${LOAD_NAMES[load]}, ${mode}, latency p99`,
        unit: "ms",
        measured: median(runs[mode][load].map((run) => run.p99)),
      },
    );
    if (mode !== "OTEL_SDK_DISABLED=true")
      figures.push({
        name: `${LOAD_NAMES[load]}, ${mode}, throughput relative to OTEL_SDK_DISABLED`,
        unit: "%",
        measured: disabled ? Math.round((rate / disabled) * 1000) / 10 : 0,
      });
  }
}
const failed = Object.values(runs).flatMap((loads) =>
  Object.values(loads)
    .flat()
    .map((run) => run.failed),
);
figures.push(
  { name: "non-2xx responses and errors, all runs", unit: "count", measured: failed.reduce((a, b) => a + b, 0) },
  { name: "spans received by the OTLP receiver", unit: "count", measured: receiver.spans.length },
);
writeResults("tracing-overhead", figures, {
  members: MEMBERS,
  connections: CONNECTIONS,
  durationSeconds: DURATION_SECONDS,
  warmUpSeconds: WARM_UP_SECONDS,
  rounds: ROUNDS,
  server: "next start (production build)",
  database: "postgres",
  cache: "redis",
});
