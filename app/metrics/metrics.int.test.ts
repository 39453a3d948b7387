import "@/tests/support/isolated-env";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { platform, stopPlatform } from "@/lib/platform/container";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as runJob } from "../api/jobs/[name]/run/route";
import { GET as listJobs } from "../api/jobs/route";
import { GET as scrapeMetrics } from "./route";

// Before any module reads the configuration (imports are hoisted above plain statements).
const TOKEN = vi.hoisted(() => {
  const token = "integration-metrics-token-0123456789abcdef";
  process.env.METRICS_TOKEN = token;
  return token;
});

let token: string;

const scrape = (authorization?: string) =>
  scrapeMetrics(new Request("http://localhost/metrics", authorization ? { headers: { authorization } } : {}), {
    params: Promise.resolve({}),
  });

async function sample(name: string, labels: Record<string, string>): Promise<number> {
  const text = await (await scrape(`Bearer ${TOKEN}`)).text();
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text.split("\n").find((row) => row.startsWith(`${name}{`) && wanted.every((pair) => row.includes(pair)));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

beforeAll(async () => {
  await resetDatabase((await platform()).database);
  token = await completeSetup();
});
afterAll(stopPlatform);

describe("GET /metrics", () => {
  it("answers 401 without the token or with a wrong one, and the text format with it", async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape("Bearer not-the-metrics-token-but-just-as-long")).status).toBe(401);
    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toMatch(/^process_cpu_user_seconds_total \d/m);
  });

  it("counts an API request by its route template and status", async () => {
    const listed = { method: "GET", route: "/api/jobs", status: "200" };
    const refused = { method: "POST", route: "/api/jobs/{name}/run", status: "401" };
    const [listedBefore, refusedBefore] = [
      await sample("clubops_http_requests_total", listed),
      await sample("clubops_http_requests_total", refused),
    ];

    expect((await call(listJobs, { path: "/api/jobs", token })).status).toBe(200);
    const anonymous = await call(runJob, {
      path: "/api/jobs/process-auto-renewals/run",
      params: { name: "process-auto-renewals" },
      method: "POST",
    });
    expect(anonymous.status).toBe(401);

    expect(await sample("clubops_http_requests_total", listed)).toBe(listedBefore + 1);
    expect(await sample("clubops_http_request_duration_seconds_count", listed)).toBe(listedBefore + 1);
    expect(await sample("clubops_http_requests_total", refused)).toBe(refusedBefore + 1);
    expect(await sample("clubops_http_requests_total", { route: "/api/jobs/process-auto-renewals/run" })).toBe(0);
  });

  it("counts a job run and its duration", async () => {
    const labels = { job: "process-auto-renewals", outcome: "completed" };
    const before = await sample("clubops_job_runs_total", labels);
    const reply = await call(runJob, {
      path: "/api/jobs/process-auto-renewals/run",
      token,
      params: { name: "process-auto-renewals" },
      method: "POST",
    });
    expect(reply).toMatchObject({ status: 200, body: { status: "completed" } });
    expect(await sample("clubops_job_runs_total", labels)).toBe(before + 1);
    expect(await sample("clubops_job_duration_seconds_count", labels)).toBe(before + 1);
  });
});
