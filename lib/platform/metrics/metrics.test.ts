import { describe, expect, it, vi } from "vitest";
import { createMemoryCache } from "@/lib/platform/cache/memory";
import { metricsResponse } from "../http/metrics-endpoint";
import type { GaugeCollector } from "./registry";

const TOKEN = "a-metrics-token-of-at-least-32-characters";

const scrape = (authorization?: string, collectors: readonly GaugeCollector[] = []) =>
  metricsResponse(
    new Request("http://localhost/metrics", authorization ? { headers: { authorization } } : {}),
    TOKEN,
    collectors,
  );

/** The value of one sample of the exposition, 0 when absent. */
async function sample(name: string, labels: Record<string, string>): Promise<number> {
  const text = await (await scrape(`Bearer ${TOKEN}`)).text();
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text.split("\n").find((row) => row.startsWith(`${name}{`) && wanted.every((pair) => row.includes(pair)));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

// Each test imports the modules afresh (a fresh registry); the route module loads much of the app, which took over the
// default 5 s on a busy 2-core machine (a fresh clone's unit lane, 2026-11-29).
describe("metrics", { timeout: 30_000 }, () => {
  it("answers 404 without a configured token, a bare 401 for a missing or wrong one, and the exposition for the right one", async () => {
    const request = new Request("http://localhost/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect((await metricsResponse(request, undefined)).status).toBe(404);

    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      "Bearer",
      `Bearer ${TOKEN.slice(1)}`,
    ]) {
      const refused = await scrape(authorization);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe("Bearer");
      expect(await refused.text()).toBe("");
    }

    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    expect(text).toContain("# TYPE process_resident_memory_bytes gauge");
    expect(text).toContain("# TYPE clubops_http_requests_total counter");
    expect(text).toContain("# TYPE clubops_job_duration_seconds histogram");
  });

  it("keeps one registry when the modules load again (as in another Next.js bundle)", async () => {
    const { recordJobRun } = await import("./registry");
    recordJobRun({ job: "singleton-check", outcome: "skipped" });
    vi.resetModules();
    const reloaded = await import("./registry");
    reloaded.recordJobRun({ job: "singleton-check", outcome: "skipped" });
    expect(await sample("clubops_job_runs_total", { job: "singleton-check", outcome: "skipped" })).toBe(2);
  });

  it("counts a route's answers by template and status, with their duration", async () => {
    const { route } = await import("@/lib/http/route");
    const { fail, businessError } = await import("@/lib/platform/result");
    const handler = route({ withoutServices: true }, async ({ request }) =>
      new URL(request.url).searchParams.has("missing")
        ? fail(businessError("Widget.NotFound", "not_found", "No such widget."))
        : Response.json({ ok: true }),
    );
    const labels = { method: "GET", route: "/api/widgets/{id}", status: "404" };
    const before = await sample("clubops_http_requests_total", labels);
    const response = await handler(new Request("http://localhost/api/widgets/w-7?missing=1"), {
      params: Promise.resolve({ id: "w-7" }),
    });
    expect(response.status).toBe(404);
    expect(await sample("clubops_http_requests_total", labels)).toBe(before + 1);
    expect(await sample("clubops_http_request_duration_seconds_count", labels)).toBe(before + 1);
    expect(await sample("clubops_http_requests_total", { route: "/api/widgets/w-7" })).toBe(0);
  });

  it("counts the 405 answers of the methods a route module lacks", async () => {
    const { otherMethods } = await import("@/lib/http/method-not-allowed");
    const { route } = await import("@/lib/http/route");
    const { PUT } = otherMethods({ GET: route({ withoutServices: true }, async () => Response.json({})) });
    const labels = { method: "PUT", route: "/api/gadgets/{id}", status: "405" };
    const before = await sample("clubops_http_requests_total", labels);
    const response = await PUT(new Request("http://localhost/api/gadgets/g-1", { method: "PUT" }), {
      params: Promise.resolve({ id: "g-1" }),
    });
    expect(response.status).toBe(405);
    expect(await sample("clubops_http_requests_total", labels)).toBe(before + 1);
  });

  it("counts job runs by outcome and times those that ran", async () => {
    const { runJobExclusively } = await import("@/lib/jobs/run");
    const platform = { cache: createMemoryCache() };
    await runJobExclusively(platform, { name: "metrics-job", lockSeconds: 60, run: async () => ({ done: true }) });
    const failing = { name: "metrics-job", lockSeconds: 60, run: async () => Promise.reject(new Error("outage")) };
    await expect(runJobExclusively(platform, failing)).rejects.toThrow("outage");

    expect(await sample("clubops_job_runs_total", { job: "metrics-job", outcome: "completed" })).toBe(1);
    expect(await sample("clubops_job_runs_total", { job: "metrics-job", outcome: "failed" })).toBe(1);
    expect(await sample("clubops_job_duration_seconds_count", { job: "metrics-job", outcome: "completed" })).toBe(1);
  });

  it("adds the collectors' gauges to an authorised scrape, and leaves out those of a collector that fails or hangs", async () => {
    const queue: GaugeCollector = {
      name: "queue",
      read: async () => [
        {
          name: "test_queue_length",
          help: "Items waiting.",
          samples: [
            { labels: { status: "pending" }, value: 3 },
            { labels: { status: "failed" }, value: 1 },
          ],
        },
      ],
    };
    const broken: GaugeCollector = {
      name: "broken",
      read: async () => Promise.reject(new Error("database down")),
    };
    let reads = 0;
    const stuck: GaugeCollector = {
      name: "stuck",
      read: () => {
        reads += 1;
        return new Promise(() => {});
      },
    };
    const errors = (collector: string) => sample("clubops_metrics_collect_errors_total", { collector });
    const [brokenBefore, stuckBefore] = [await errors("broken"), await errors("stuck")];

    expect((await scrape(undefined, [stuck])).status).toBe(401);
    expect(reads).toBe(0);

    vi.useFakeTimers();
    try {
      const answering = scrape(`Bearer ${TOKEN}`, [queue, broken, stuck]);
      await vi.advanceTimersByTimeAsync(60_000);
      const answer = await answering;
      expect(answer.status).toBe(200);
      const text = await answer.text();
      expect(text).toContain('test_queue_length{status="pending"} 3');
      expect(text).toContain('test_queue_length{status="failed"} 1');
      expect(text).toContain("# TYPE process_resident_memory_bytes gauge");
    } finally {
      vi.useRealTimers();
    }
    expect(await errors("broken")).toBe(brokenBefore + 1);
    expect(await errors("stuck")).toBe(stuckBefore + 1);
  });
});
