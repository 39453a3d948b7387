import "@/tests/support/isolated-env";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platform, stopPlatform } from "@/lib/platform/container";
import { resetDatabase } from "@/tests/support/reset-database";
import { GET as liveness } from "../health/live/route";
import { GET as readiness } from "../health/ready/route";
import { GET as aggregatedHealth } from "../health/route";
import { GET as unknownApiPath, POST as unknownApiPost } from "./[...path]/route";
import { GET as inngestEndpoint } from "./inngest/route";
import { GET as setupStatus } from "./setup/status/route";

const noParams = { params: Promise.resolve({}) };

beforeAll(async () => {
  await resetDatabase((await platform()).database);
});
afterAll(stopPlatform);

describe("health endpoints on the configured components", () => {
  it.each([
    ["/health/ready", readiness],
    ["/health", aggregatedHealth],
  ])("%s reports all five dependencies Healthy", async (path, handler) => {
    const response = await handler(new Request(`http://localhost${path}`), noParams);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const report = await response.json();
    expect(report).toMatchObject({
      status: "Healthy",
      totalDuration: expect.stringMatching(/^\d{2}:\d{2}:\d{2}\.\d{3}$/),
    });
    expect(Object.keys(report.entries)).toEqual(["database", "cache", "storage", "analytics", "email-renderer"]);
    for (const entry of Object.values(report.entries)) expect(entry).toMatchObject({ status: "Healthy" });
  });

  it("answers liveness without touching a dependency", async () => {
    const response = await liveness(new Request("http://localhost/health/live"), noParams);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "Healthy", totalDuration: "00:00:00.000", entries: {} });
  });
});

describe("HTTP contract", () => {
  it("answers an unknown /api path with 404 problem details", async () => {
    const response = await unknownApiPath(new Request("http://localhost/api/nope/123"), {
      params: Promise.resolve({ path: ["nope", "123"] }),
    });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({
      type: expect.stringContaining("rfc9110"),
      title: "The requested resource was not found.",
      status: 404,
      instance: "GET /api/nope/123",
      traceId: expect.stringMatching(/^[\da-f]{32}$/),
    });
  });

  it("answers an unknown write the same way", async () => {
    const response = await unknownApiPost(
      new Request("http://localhost/api/members/x", { method: "POST", body: "{" }),
      {
        params: Promise.resolve({ path: ["members", "x"] }),
      },
    );
    expect(response.status).toBe(404);
    expect((await response.json()).instance).toBe("POST /api/members/x");
  });

  it("reports setup incomplete on an empty installation", async () => {
    const response = await setupStatus(new Request("http://localhost/api/setup/status"), noParams);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "incomplete" });
  });

  it("hides the Inngest endpoint while the embedded scheduler runs the jobs", async () => {
    const response = await inngestEndpoint(new NextRequest("http://localhost/api/inngest"), noParams);
    expect(response.status).toBe(404);
  });
});
