import { expect, test } from "@playwright/test";

// Issue 15, item 4, on the production server: the 405/OPTIONS answers come from route modules' exports, which only
// Next.js itself routes (HEAD to GET, a method a module does not export), so they are checked here as well as in
// app/api/http-details.int.test.ts.

test.describe("HTTP details on the production server", () => {
  test("a method a known path does not offer is 405 problem details with Allow and the trace id", async ({
    request,
  }) => {
    const traceId = "0af7651916cd43dd8448eb211c80319c";
    const response = await request.delete("/api/members", {
      headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` },
    });
    expect(response.status()).toBe(405);
    expect(response.headers()["content-type"]).toBe("application/problem+json");
    expect(response.headers().allow).toBe("GET, HEAD, OPTIONS, POST");
    expect(response.headers()["x-trace-id"]).toBe(traceId);
    expect(await response.json()).toMatchObject({ status: 405, instance: "DELETE /api/members", traceId });
  });

  test("OPTIONS lists a path's own methods; HEAD runs GET, and is 405 where there is no GET", async ({ request }) => {
    const options = await request.fetch("/api/auth/login", { method: "OPTIONS" });
    expect(options.status()).toBe(204);
    expect(options.headers().allow).toBe("OPTIONS, POST");
    const head = await request.head("/api/openapi.json");
    expect(head.status()).toBe(200);
    expect(head.headers()["x-trace-id"]).toMatch(/^[\da-f]{32}$/);
    expect((await request.head("/api/auth/login")).status()).toBe(405);
    expect((await request.fetch("/api/does-not-exist", { method: "OPTIONS" })).status()).toBe(404);
  });

  test("a 401 challenges with Bearer, invalid_token when the token sent was refused", async ({ request }) => {
    expect((await request.get("/api/members")).headers()["www-authenticate"]).toBe("Bearer");
    const refused = await request.get("/api/members", { headers: { authorization: "Bearer forged" } });
    expect(refused.status()).toBe(401);
    expect(refused.headers()["www-authenticate"]).toBe('Bearer error="invalid_token"');
  });

  test("the public settings answer without a token", async ({ request }) => {
    const response = await request.get("/api/settings/public");
    expect(response.status()).toBe(200);
    expect(Object.keys(await response.json()).sort()).toEqual([
      "clubName",
      "currency",
      "defaultLanguage",
      "languages",
      "timeZone",
      "uploadLimitBytes",
    ]);
  });
});
