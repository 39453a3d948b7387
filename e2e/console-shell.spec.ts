import { expect, expectAccessible, expectFitsScreen, readIn, test, VIEWPORTS } from "./support";

// Checks that hold whatever the installation's state; the console's flows are in console.spec.ts.

/** "hh:mm:ss.fff" in milliseconds. */
const millisecondsOf = (duration: string) =>
  duration.split(":").reduce((total, part) => total * 60 + Number(part), 0) * 1000;

test("readiness reports all five entries answering over HTTP", async ({ request }) => {
  const response = await request.get("/health/ready");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.totalDuration).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3}$/);
  expect(Object.keys(body.entries).sort()).toEqual(["analytics", "cache", "database", "email-renderer", "storage"]);
  // Each answers: Healthy, or Degraded only for an answer over a second (lib/health/service.ts), which a loaded machine
  // gives; the report is then Degraded too, never Unhealthy.
  for (const [name, entry] of Object.entries<{ status: string; duration: string }>(body.entries)) {
    if (entry.status === "Degraded") expect(millisecondsOf(entry.duration), name).toBeGreaterThan(1000);
    else expect(entry.status, name).toBe("Healthy");
  }
  const slow = Object.values<{ status: string }>(body.entries).some((entry) => entry.status === "Degraded");
  expect(body.status).toBe(slow ? "Degraded" : "Healthy");
});

const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

for (const path of ["/api/does-not-exist", "/api/auth/does-not-exist"]) {
  test(`an unknown API path (${path}) answers 404 problem details`, async ({ request }) => {
    const response = await request.get(path, { headers: { traceparent } });
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("application/problem+json");
    const body = await response.json();
    expect(body).toMatchObject({ status: 404, instance: `GET ${path}`, traceId: "0af7651916cd43dd8448eb211c80319c" });
  });
}

test("the console session endpoint answers an anonymous caller with no session", async ({ request }) => {
  const response = await request.get("/api/auth/session");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({});
});

for (const language of ["en", "es"] as const)
  test(`the sign-in page is accessible and fits a phone in ${language}`, async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await readIn(page, language);
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", language === "es" ? "es-ES" : "en-GB");
    await expectFitsScreen(page);
    await expectAccessible(page);
  });
