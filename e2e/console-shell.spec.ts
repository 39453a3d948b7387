import { expect, test } from "@playwright/test";

test("a fresh installation opens the console with setup incomplete", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByTestId("setup-status")).toHaveText("incomplete");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Overview" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.screenshot({ path: "e2e/screenshots/overview.png", fullPage: true });
});

test("the system health page shows every dependency Healthy", async ({ page }) => {
  await page.goto("/system");
  const dependencies = page.getByRole("list", { name: "Dependencies" }).getByRole("listitem");
  await expect(dependencies).toHaveCount(5);
  for (const name of ["database", "cache", "storage", "analytics", "email renderer"]) {
    await expect(dependencies.filter({ hasText: name })).toContainText("Healthy");
  }
  await page.screenshot({ path: "e2e/screenshots/health.png", fullPage: true });
});

test("readiness reports all five entries Healthy over HTTP", async ({ request }) => {
  const response = await request.get("/health/ready");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.status).toBe("Healthy");
  expect(body.totalDuration).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3}$/);
  expect(Object.keys(body.entries).sort()).toEqual(["analytics", "cache", "database", "email-renderer", "storage"]);
});

test("an unknown API path answers 404 problem details", async ({ request }) => {
  const response = await request.get("/api/does-not-exist", { headers: { traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" } });
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toContain("application/problem+json");
  const body = await response.json();
  expect(body).toMatchObject({ status: 404, instance: "GET /api/does-not-exist", traceId: "0af7651916cd43dd8448eb211c80319c" });
});
