import "@/tests/support/isolated-env";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platform, stopPlatform } from "@/lib/platform/container";
import { resetDatabase } from "@/tests/support/reset-database";
import { GET as unknownApiPath, POST as unknownApiPost } from "./[...path]/route";
import { GET as setupStatus } from "./setup/status/route";
import { GET as inngestEndpoint } from "./inngest/route";

const noParams = { params: Promise.resolve({}) };

beforeAll(async () => {
  await resetDatabase((await platform()).database);
});
afterAll(stopPlatform);

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
    const response = await unknownApiPost(new Request("http://localhost/api/members/x", { method: "POST", body: "{" }), {
      params: Promise.resolve({ path: ["members", "x"] }),
    });
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
