import "@/tests/support/isolated-env";
import "@/tests/support/unreachable-database-env";
import { afterAll, describe, expect, it } from "vitest";
import { stopPlatform } from "@/lib/platform/container";
import { GET as instanceReadiness } from "../health/instance/route";
import { GET as readiness } from "../health/ready/route";
import { GET as setupStatus } from "./setup/status/route";

afterAll(stopPlatform);

describe("database outage", () => {
  it("answers an API call with 503 problem details carrying the trace id, without internals", async () => {
    const traceparent = "00-11112222333344445555666677778888-0000000000000001-01";
    const started = Date.now();
    const response = await setupStatus(new Request("http://localhost/api/setup/status", { headers: { traceparent } }), {
      params: Promise.resolve({}),
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack/);
    expect(JSON.parse(text)).toEqual({
      type: "https://tools.ietf.org/html/rfc9110#section-15.6.4",
      title: expect.any(String),
      status: 503,
      instance: "GET /api/setup/status",
      traceId: "11112222333344445555666677778888",
    });
  });

  it("reports readiness 503 instead of failing", async () => {
    const response = await readiness(new Request("http://localhost/health/ready"), { params: Promise.resolve({}) });
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body.status).toBe("Unhealthy");
    expect(body.entries.database.status).toBe("Unhealthy");
  });

  it("takes the instance out of the balancer: GET /health/instance answers 503 with its database Unhealthy", async () => {
    const response = await instanceReadiness(new Request("http://localhost/health/instance"), {
      params: Promise.resolve({}),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: "Unhealthy",
      totalDuration: expect.any(String),
      entries: { database: { status: "Unhealthy", duration: expect.any(String) } },
    });
  });
});
