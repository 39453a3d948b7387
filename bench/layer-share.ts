// Where one request's time goes (docs/performance.md, "Time per layer"), read from its trace: the production build on
// PostgreSQL and Redis exports every span over OTLP/HTTP to a receiver in this process, under the members list and
// clock-in/clock-out pairs, first one request at a time (a request's own time, nothing queued) and then at 64
// connections (the saturated server of the other benchmarks). A request's time, as autocannon measured it, is split
// into its PostgreSQL statements, the rest of its transactions (BEGIN, COMMIT and the code between statements), its
// Redis commands where no statement ran at the same time, and everything else: Node.js running Next.js and the
// application's code, or waiting for the CPU. The database and Redis spans take their times from one high-resolution
// clock (lib/platform/telemetry/spans.ts), so overlaps are counted once.
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { type ReceivedSpan, SPAN_KIND, startOtlpReceiver } from "@/tests/operations/otlp-receiver";
import { type ClubLoad, clockEveryoneOut, clubLoadOptions, jsonApi, setUpClub, signedInEmployee } from "./club-api";
import { type Figure, writeResults } from "./results-file";
import { seedMembers, vacuumAnalyze } from "./seed-data";
import { prepareDatabase, startAppServer, stopProcess, waitUntilAnswering } from "./servers";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const CONCURRENCIES = [1, 64];
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 15);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);

const url = process.env.DATABASE_URL;
if (!url || !process.env.REDIS_URL) throw new Error("DATABASE_URL and REDIS_URL (PostgreSQL and Redis) are required");

await prepareDatabase(url, async (db) => {
  await seedMembers(db, MEMBERS);
  await vacuumAnalyze(db, ["members"]);
});
const receiver = await startOtlpReceiver();
const { base, server } = await startAppServer("layer-share", {
  OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
  OTEL_BSP_SCHEDULE_DELAY: "200",
  // Large enough that no span is dropped at 64 connections (the default queue holds 2,048).
  OTEL_BSP_MAX_QUEUE_SIZE: "100000",
});

type Window = { load: ClubLoad; connections: number; from: number; to: number; meanLatencyMs: number };
const windows: Window[] = [];
const employeeCount = Math.max(...CONCURRENCIES);
try {
  await waitUntilAnswering(`${base}/health/ready`);
  const api = jsonApi(base);
  const adminToken = (await setUpClub(api)).accessToken;
  const tokens: string[] = [];
  for (let index = 0; index < employeeCount; index += 1) tokens.push(await signedInEmployee(api, adminToken, index));

  const options = (load: ClubLoad, connections: number) =>
    clubLoadOptions(load, { base, connections, adminToken, tokens });
  for (const connections of CONCURRENCIES) {
    for (const load of ["members", "clock"] as const) {
      // A run's end cuts passes between their clock-in and clock-out: the next run would start them with a 409.
      await clockEveryoneOut(api, tokens);
      await autocannon({ ...options(load, connections), duration: WARM_UP_SECONDS });
      await clockEveryoneOut(api, tokens);
      const from = Date.now();
      const result = await autocannon({ ...options(load, connections), duration: DURATION_SECONDS });
      windows.push({ load, connections, from, to: Date.now(), meanLatencyMs: result.latency.mean });
      console.log(`${load}, ${connections} connection(s): ${Math.round(result["2xx"] / DURATION_SECONDS)} req/s`);
    }
  }
} finally {
  // SIGTERM exports what the batch still holds.
  await stopProcess(server);
}
await sleep(1000);
await receiver.close();

const LAYERS = [
  "PostgreSQL statements",
  "PostgreSQL transactions outside statements",
  "Redis commands",
  "Node.js",
] as const;
type Layer = (typeof LAYERS)[number];
type Interval = [number, number];

/** The time covered by `intervals`, overlaps counted once. */
function covered(intervals: Interval[]): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const [start, stop] of sorted) {
    if (stop <= end) continue;
    total += stop - Math.max(start, end);
    end = stop;
  }
  return total;
}

const intervalOf = (span: ReceivedSpan): Interval => [span.startMs, span.startMs + span.durationMs];
const isStatement = (span: ReceivedSpan) =>
  span.kind === SPAN_KIND.client && span.attributes["db.system.name"] === "postgresql";
const isTransaction = (span: ReceivedSpan) =>
  span.kind === SPAN_KIND.internal && span.attributes["db.system.name"] === "postgresql";
const isRedis = (span: ReceivedSpan) => span.attributes["db.system.name"] === "redis";

/** One request's milliseconds in each layer outside Node.js, from the spans of its trace, and its statements. */
function layersOf(spans: ReceivedSpan[]) {
  const statements = spans.filter(isStatement).map(intervalOf);
  const inDatabase = [...statements, ...spans.filter(isTransaction).map(intervalOf)];
  const outsideNode = [...inDatabase, ...spans.filter(isRedis).map(intervalOf)];
  return {
    "PostgreSQL statements": covered(statements),
    "PostgreSQL transactions outside statements": covered(inDatabase) - covered(statements),
    "Redis commands": covered(outsideNode) - covered(inDatabase),
    outsideNode: covered(outsideNode),
    statements: statements.length,
  };
}

const traces = new Map<string, ReceivedSpan[]>();
for (const span of receiver.spans.filter((each) => each.service === "clubops")) {
  const trace = traces.get(span.traceId) ?? [];
  trace.push(span);
  traces.set(span.traceId, trace);
}
const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;
const LOAD_NAMES = { members: "GET /api/members?pageSize=20", clock: "clock-in or clock-out" } as const;
const figures: Figure[] = [];
for (const window of windows) {
  const requests = [...traces.values()].flatMap((spans) => {
    const root = spans.find((span) => !span.parentSpanId && span.kind === SPAN_KIND.server);
    return root && root.startMs >= window.from && root.startMs <= window.to ? [layersOf(spans)] : [];
  });
  const mean = (pick: (request: (typeof requests)[number]) => number) =>
    requests.reduce((sum, request) => sum + pick(request), 0) / Math.max(1, requests.length);
  const total = window.meanLatencyMs;
  const layers: Record<Layer, number> = {
    "PostgreSQL statements": mean((request) => request["PostgreSQL statements"]),
    "PostgreSQL transactions outside statements": mean(
      (request) => request["PostgreSQL transactions outside statements"],
    ),
    "Redis commands": mean((request) => request["Redis commands"]),
    "Node.js": total - mean((request) => request.outsideNode),
  };
  const prefix = `${LOAD_NAMES[window.load]}, ${window.connections} connection(s)`;
  figures.push(
    { name: `${prefix}, requests traced`, unit: "count", measured: requests.length },
    { name: `${prefix}, mean request time (autocannon)`, unit: "ms", measured: round(total) },
    {
      name: `${prefix}, statements per request`,
      unit: "count",
      measured: round(
        mean((r) => r.statements),
        1,
      ),
    },
    ...LAYERS.flatMap((layer) => [
      { name: `${prefix}, ${layer}, mean`, unit: "ms", measured: round(layers[layer]) },
      { name: `${prefix}, ${layer}, share`, unit: "%", measured: round((layers[layer] / total) * 100, 1) },
    ]),
  );
}
writeResults("layer-share", figures, {
  members: MEMBERS,
  connections: CONCURRENCIES.join(", "),
  durationSeconds: DURATION_SECONDS,
  warmUpSeconds: WARM_UP_SECONDS,
  server: "next start (production build), exporting every span over OTLP/HTTP protobuf",
  database: "postgres",
  cache: "redis",
});
