import "@/tests/support/isolated-env";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { completeSetup } from "@/tests/support/accounts";
import { resetDatabase } from "@/tests/support/reset-database";
import { routeFetch } from "@/tests/support/route-fetch";
import { type ClubOpsClient, createClubOpsClient } from ".";

// The generated client (openapi-typescript types, openapi-fetch runtime) against the route handlers: what it sends
// is what the API reads, and what it types is what the API answers.

let running: Platform;
let client: ClubOpsClient;

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  const token = await completeSetup();
  client = createClubOpsClient({ baseUrl: "http://localhost", fetch: routeFetch(), accessToken: () => token });
});
afterAll(stopPlatform);

describe("the generated TypeScript client", () => {
  it("reads the public settings, upload limits included", async () => {
    const { data } = await client.GET("/api/settings/public");
    expect(data?.uploadLimitBytes["club-images"]).toBe(running.config.FILE_LIMIT_IMAGES_MB * 1024 * 1024);
  });

  it("enrols with an Idempotency-Key, retried as if the answer was lost, and pages the members", async () => {
    const plan = await client.POST("/api/plans", { body: { name: "Silver", code: "SILVER", monthlyPrice: "29.90" } });
    expect(plan.response.status).toBe(201);
    const planId = plan.data?.id ?? "";
    const key = randomUUID();
    const enrol = () =>
      client.POST("/api/members/enroll", {
        params: { header: { "Idempotency-Key": key } },
        body: {
          member: { firstName: "Luis", lastName: "Pérez", email: "luis@club.example" },
          subscription: { planId, billingPeriod: "monthly" },
        },
      });
    const first = await enrol();
    const retried = await enrol();
    expect(retried.response.headers.get("idempotency-replayed")).toBe("true");
    expect(retried.data?.member.id).toBe(first.data?.member.id);

    const { data: page } = await client.GET("/api/members", { params: { query: { search: "luis", pageSize: 10 } } });
    expect(page?.items.map((member) => member.email)).toEqual(["luis@club.example"]);
  });

  it("sends If-Match; a stale version is 412 problem details with the current ETag", async () => {
    const { data: page } = await client.GET("/api/members", { params: { query: { search: "luis" } } });
    const id = page?.items[0]?.id ?? "";
    const read = await client.GET("/api/members/{id}", { params: { path: { id } } });
    const member = read.data;
    if (!member) throw new Error("no member");
    expect(read.response.headers.get("etag")).toBe(`"${member.version}"`);
    const body = {
      firstName: member.firstName,
      lastName: member.lastName,
      email: member.email,
      phone: "+34 600 000 001",
    };
    const saved = await client.PUT("/api/members/{id}", {
      params: { path: { id }, header: { "If-Match": `"${member.version}"` } },
      body,
    });
    expect(saved.data?.phone).toBe("+34 600 000 001");
    const stale = await client.PUT("/api/members/{id}", {
      params: { path: { id }, header: { "If-Match": `"${member.version}"` } },
      body: { ...body, phone: null },
    });
    expect(stale.response.status).toBe(412);
    expect(stale.error).toMatchObject({ status: 412, code: "Precondition.Failed" });
    expect(stale.response.headers.get("etag")).toBe(`"${saved.data?.version}"`);
  });
});
