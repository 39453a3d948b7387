import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { withTimeout } from "../errors";
import { logger } from "../logger";

/**
 * The process's Prometheus metrics. One registry per process, held on globalThis: Next.js loads a module once per
 * bundle (route handlers, instrumentation, the proxy), and a registry per bundle would split the counters and
 * register the default metrics twice (prometheus/client_js#640, #584). Nothing outside lib/platform imports
 * prom-client; the rest of the app records through the functions below.
 */
type Metrics = {
  registry: Registry;
  httpRequests: Counter<"method" | "route" | "status">;
  httpDuration: Histogram<"method" | "route" | "status">;
  jobRuns: Counter<"job" | "outcome">;
  jobDuration: Histogram<"job" | "outcome">;
  cacheErrors: Counter<"operation">;
  collectErrors: Counter<"collector">;
};

const KEY = Symbol.for("clubops.metrics");
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

function createMetrics(): Metrics {
  const registry = new Registry();
  // process_* and nodejs_*: memory, CPU, event loop lag, handles, GC. Registered once; never cleared.
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new Counter({
      name: "clubops_http_requests_total",
      help: "API requests answered, by method, route template and status.",
      labelNames: ["method", "route", "status"],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "clubops_http_request_duration_seconds",
      help: "Time from a request reaching route() to its answer, by method, route template and status.",
      labelNames: ["method", "route", "status"],
      buckets: HTTP_BUCKETS,
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: "clubops_job_runs_total",
      help: "Background job runs by outcome: completed, failed, or skipped (another instance held the lock).",
      labelNames: ["job", "outcome"],
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: "clubops_job_duration_seconds",
      help: "Duration of the job runs that ran (completed or failed).",
      labelNames: ["job", "outcome"],
      buckets: JOB_BUCKETS,
      registers: [registry],
    }),
    cacheErrors: new Counter({
      name: "clubops_cache_errors_total",
      help: "Redis commands that failed (unreachable, timed out, refused), by cache operation.",
      labelNames: ["operation"],
      registers: [registry],
    }),
    collectErrors: new Counter({
      name: "clubops_metrics_collect_errors_total",
      help: "Scrapes in which a gauge collector failed or timed out; its gauges were left out of that scrape.",
      labelNames: ["collector"],
      registers: [registry],
    }),
  };
}

function metrics(): Metrics {
  const holder = globalThis as typeof globalThis & { [KEY]?: Metrics };
  holder[KEY] ??= createMetrics();
  return holder[KEY];
}

/** One answered API request; `route` is its template (`/api/members/{id}`), never the raw path. */
export function recordHttpRequest(answer: { method: string; route: string; status: number; seconds: number }): void {
  const labels = { method: answer.method, route: answer.route, status: String(answer.status) };
  const { httpRequests, httpDuration } = metrics();
  httpRequests.inc(labels);
  httpDuration.observe(labels, answer.seconds);
}

export type JobRunOutcome = "completed" | "failed" | "skipped";

/** One job run; a skipped run (lock held elsewhere) is counted but has no duration. */
export function recordJobRun(run: { job: string; outcome: JobRunOutcome; seconds?: number }): void {
  const { jobRuns, jobDuration } = metrics();
  jobRuns.inc({ job: run.job, outcome: run.outcome });
  if (run.seconds !== undefined) jobDuration.observe({ job: run.job, outcome: run.outcome }, run.seconds);
}

/** One failed cache command; `operation` is the cache method (get, set, increment, acquireLock …), never the key. */
export function recordCacheError(operation: string): void {
  metrics().cacheErrors.inc({ operation });
}

/** A gauge's value(s) read at scrape time; `samples` without labels for a gauge that has none. */
export type GaugeReading = {
  name: string;
  help: string;
  samples: readonly { labels?: Record<string, string>; value: number }[];
};

/** Reads gauges at scrape time (a database count, the pool in use), each collector on its own. */
export type GaugeCollector = { name: string; read: () => Promise<readonly GaugeReading[]> };

/**
 * A collector slower than this is left out of the scrape (Prometheus's own timeout is 10 s by default); database
 * collectors give their statement the same bound.
 */
export const COLLECT_TIMEOUT_MS = 1000;

/** The collectors' gauges in a registry of this scrape; a collector that fails leaves its gauges out and is counted. */
async function collectedGauges(collectors: readonly GaugeCollector[]): Promise<Registry> {
  const scraped = new Registry();
  await Promise.all(
    collectors.map(async (collector) => {
      try {
        const readings = await withTimeout(`metrics collector ${collector.name}`, COLLECT_TIMEOUT_MS, collector.read());
        for (const reading of readings) {
          const labelNames = Object.keys(reading.samples[0]?.labels ?? {});
          const gauge = new Gauge({ name: reading.name, help: reading.help, labelNames, registers: [scraped] });
          for (const sample of reading.samples) gauge.set(sample.labels ?? {}, sample.value);
        }
      } catch (error) {
        metrics().collectErrors.inc({ collector: collector.name });
        logger.warn({ err: error, collector: collector.name }, "metrics collector failed; its gauges are left out");
      }
    }),
  );
  return scraped;
}

/**
 * Every metric in the Prometheus text exposition format, with its content type: the process's counters and
 * histograms, then the gauges the collectors read now. A failing collector never fails the scrape.
 */
export async function metricsExposition(
  collectors: readonly GaugeCollector[] = [],
): Promise<{ contentType: string; body: string }> {
  const scraped = await collectedGauges(collectors);
  const { registry } = metrics();
  const merged = Registry.merge([registry, scraped]);
  return { contentType: merged.contentType, body: await merged.metrics() };
}
