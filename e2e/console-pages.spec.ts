import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { CONSOLE_REQUEST_HEADER } from "../console/console-request";
import { LANGUAGE_COOKIE } from "../console/i18n/locales";
import { admin, expect, expectAccessible, expectFitsScreen, test, VIEWPORTS } from "./support";

/**
 * Every console page in English and Spanish, on a laptop (1440 × 900) and a phone (390 × 844): it fits the screen
 * (no sideways panning), axe finds no serious or critical violation, its main heading is on the first screen, and a
 * screenshot goes to e2e/screenshots/<page>-<language>-<size>.png for people to look at.
 *
 * One test per page, named as in PAGES, so that one page is checked with
 * `npx playwright test e2e/console-pages.spec.ts -g "members"` (a pattern: "member-detail" with `-g "member-detail"`).
 *
 * A server of its own on a fresh data directory (like client-address.spec.ts): this file sorts before
 * console.spec.ts, whose wizard needs the fresh installation of the shared server, and the records it adds here
 * would change other specs' empty states. Playwright starts a new worker after each failed test, so the server and
 * what was set up on it are kept for the whole run (a state file named after the test runner's process) and the
 * server stops when the runner has ended.
 */

type Ids = { member: string; employee: string; mail: string };
type ConsolePage = {
  name: string;
  path: (ids: Ids) => string;
  /** Who opens it: the super-administrator (default), a visitor without a session, or an employee. */
  as?: "signed-out" | "employee";
};

/** Every page of app/(admin)/**\/page.tsx and app/(auth)/**\/page.tsx (but /setup, gone once installed), and the 404. */
const PAGES: readonly ConsolePage[] = [
  { name: "overview", path: () => "/overview" },
  { name: "dashboard", path: () => "/dashboard" },
  { name: "members", path: () => "/members" },
  { name: "member-detail", path: (ids) => `/members/${ids.member}` },
  { name: "plans", path: () => "/plans" },
  // The remittance page itself is checked by with-billing.remittances.spec.ts, which builds one.
  { name: "remittances", path: () => "/billing/remittances" },
  { name: "remittance-builder", path: () => "/billing/remittances/new" },
  { name: "billing-report", path: () => "/billing/report" },
  { name: "billing-overdue", path: () => "/billing/overdue" },
  { name: "attendance", path: () => "/attendance" },
  { name: "attendance-requests", path: () => "/attendance/requests" },
  { name: "employees", path: () => "/employees" },
  { name: "employee-detail", path: (ids) => `/employees/${ids.employee}` },
  { name: "holiday-lists", path: () => "/holiday-lists" },
  { name: "users", path: () => "/users" },
  { name: "roles", path: () => "/roles" },
  { name: "mail", path: () => "/mail" },
  { name: "mail-detail", path: (ids) => `/mail/${ids.mail}` },
  { name: "mail-templates", path: () => "/mail/templates" },
  { name: "audit", path: () => "/audit" },
  { name: "settings", path: () => "/settings" },
  { name: "staff-new", path: () => "/staff/new" },
  { name: "system", path: () => "/system" },
  { name: "api-reference", path: () => "/api-reference" },
  { name: "change-password", path: () => "/change-password" },
  { name: "not-found", path: () => "/no-such-page" },
  { name: "employee-home", path: () => "/", as: "employee" },
  { name: "forbidden", path: () => "/users", as: "employee" },
  { name: "login", path: () => "/login", as: "signed-out" },
  { name: "forgot-password", path: () => "/forgot-password", as: "signed-out" },
  { name: "accept-invitation", path: () => "/accept-invitation?token=not-a-real-token", as: "signed-out" },
  { name: "reset-password", path: () => "/reset-password?token=emailed-token", as: "signed-out" },
  { name: "reset-password-incomplete", path: () => "/reset-password", as: "signed-out" },
  { name: "verify-email", path: () => "/verify-email?token=not-a-real-token", as: "signed-out" },
  { name: "confirm-email-change", path: () => "/confirm-email-change?token=not-a-real-token", as: "signed-out" },
];

type Session = Awaited<ReturnType<BrowserContext["storageState"]>>;
type RunState = { base: string; sessions: Record<"admin" | "employee", Session>; ids: Ids };
const employee = { email: "andres@riverside.example", temporary: "Quayside-Lamps-2024", own: "Low-Tide-At-Nine-4" };
/** Workers are the runner's children: one state file per run. */
const stateFile = path.join(tmpdir(), `clubops-console-pages-${process.ppid}.json`);
let base = "";
let sessions: Partial<RunState["sessions"]> = {};
const ids: Ids = { member: "", employee: "", mail: "" };

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

/** The installation, a member, an employee and a mail, set up through the API as the console's admin. */
async function arrange(browser: Browser): Promise<void> {
  const setup = async (path: string, data: unknown) =>
    expect((await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(data), headers: json })).ok).toBe(
      true,
    );
  const json = { "content-type": "application/json" };
  await setup("/api/setup/platform", { platformName: "Riverside Rowing Club" });
  await setup("/api/setup/superadmin", admin);

  const signIn = async (email: string, password: string, home: RegExp) => {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(home, { timeout: 30_000 });
    return { context, page, session: await context.storageState() };
  };
  const { context, page, session } = await signIn(admin.email, admin.password, /\/dashboard$/);
  sessions = { admin: session };

  const api = async (method: "GET" | "POST", path: string, data?: unknown) => {
    const response = await page.request.fetch(path, { method, data, headers: { [CONSOLE_REQUEST_HEADER]: "1" } });
    expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return response.json();
  };
  ids.member = (
    await api("POST", "/api/members", { firstName: "Lucía", lastName: "Fernández", email: "lucia@riverside.example" })
  ).id;
  const user = await api("POST", "/api/users", {
    firstName: "Andrés",
    lastName: "Romero",
    email: employee.email,
    username: "andres.romero",
    password: employee.temporary,
    roles: ["Employee"],
  });
  ids.employee = (await api("POST", "/api/employees", { userId: user.id })).id;
  // The employee replaces the temporary password through the API, then signs in to the console.
  const login = await (
    await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: employee.email, password: employee.temporary }),
    })
  ).json();
  const changed = await fetch(`${base}/api/auth/change-password`, {
    method: "POST",
    headers: { ...json, authorization: `Bearer ${login.accessToken}` },
    body: JSON.stringify({ currentPassword: employee.temporary, newPassword: employee.own }),
  });
  expect(changed.ok, await changed.text()).toBe(true);
  const signedIn = await signIn(employee.email, employee.own, /\/attendance$/);
  sessions.employee = signedIn.session;
  await signedIn.context.close();
  expect((await page.request.post("/api/auth/forgot-password", { data: { email: admin.email } })).status()).toBe(202);
  ids.mail = (await api("GET", "/api/mail?pageSize=1")).items[0].id;
  await context.close();
}

/** Starts the server on a free port; a watcher stops it (and removes the state file) once the test runner is gone. */
async function startServer(): Promise<void> {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const watcher = [
    `node scripts/e2e-server.mjs ${port} & server=$!`,
    `while kill -0 ${process.ppid} 2>/dev/null; do sleep 2; done`,
    `kill $server; wait $server; rm -f '${stateFile}'`,
  ].join("\n");
  // Sessions are stored once for the whole run: access tokens last its length (an hour) instead of 15 minutes.
  const env = { ...process.env, ACCESS_TOKEN_TTL_SECONDS: "3600" };
  spawn("bash", ["-c", watcher], { env, stdio: "ignore", detached: true }).unref();
  await expect
    .poll(
      () =>
        fetch(`${base}/health/live`).then(
          (reply) => reply.status,
          () => 0,
        ),
      { timeout: 150_000, intervals: [250] },
    )
    .toBe(200);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  mkdirSync("e2e/screenshots", { recursive: true });
  if (existsSync(stateFile)) {
    const state: RunState = JSON.parse(readFileSync(stateFile, "utf8"));
    ({ base, sessions } = state);
    Object.assign(ids, state.ids);
    return;
  }
  await startServer();
  await arrange(browser);
  writeFileSync(stateFile, JSON.stringify({ base, sessions, ids }));
});

/**
 * Waits until the page has loaded its data: no request in flight (for at most a while: a page may poll, as the outbox
 * does while mail is pending) and nothing marked busy.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** One language at one size: the checks, with the screenshot taken first so that a failing page can be seen. */
async function check(browser: Browser, consolePage: ConsolePage, language: "en" | "es", size: keyof typeof VIEWPORTS) {
  const viewport = VIEWPORTS[size];
  const context = await browser.newContext({
    baseURL: base,
    viewport,
    ...(consolePage.as === "signed-out" ? {} : { storageState: sessions[consolePage.as ?? "admin"] }),
  });
  try {
    await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: base }]);
    const page = await context.newPage();
    await page.goto(consolePage.path(ids));
    await settled(page);
    await page.screenshot({ path: `e2e/screenshots/${consolePage.name}-${language}-${size}.png`, fullPage: true });
    await expect(page.locator("html")).toHaveAttribute("lang", language === "es" ? "es-ES" : "en-GB");
    const heading = page.locator("main h1").first();
    await expect(heading).toBeVisible();
    const top = (await heading.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(top, "the main heading starts on the first screen").toBeLessThan(viewport.height);
    await expectFitsScreen(page);
    await expectAccessible(page);
  } finally {
    await context.close();
  }
}

// One test a page (a failed test restarts the worker, and with it this file's server): every language and size is
// checked and screenshotted, and the test reports all that failed. A language's two sizes are checked at once, each
// in a context of its own: a check is mostly waiting (for the server, for the network to fall quiet) and axe, which
// then runs on both cores instead of one; more at once only makes each wait longer on two cores.
for (const consolePage of PAGES)
  test(consolePage.name, async ({ browser }) => {
    test.setTimeout(120_000);
    const failures: string[] = [];
    for (const language of ["en", "es"] as const) {
      const checks = (["desktop", "phone"] as const).map((size) =>
        check(browser, consolePage, language, size).catch((error: Error) =>
          failures.push(`${language} ${size}: ${error.message}`),
        ),
      );
      await Promise.all(checks);
    }
    expect(failures, `${consolePage.name} in every language and size`).toEqual([]);
  });

test("the frame: sign-in returns to the page asked for, the skip link comes first, the phone's menu opens and closes", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: base, viewport: VIEWPORTS.phone });
  const page = await context.newPage();
  await page.goto(`/members/${ids.member}`);
  await expect(page).toHaveURL(`${base}/login?callbackUrl=${encodeURIComponent(`/members/${ids.member}`)}`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${base}/members/${ids.member}`);

  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();

  const menu = page.getByRole("button", { name: "Menu" });
  const navigation = page.getByRole("navigation", { name: "Main" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(navigation).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(navigation.getByRole("link", { name: "Plans" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(navigation).toBeHidden();
  await expect(menu).toBeFocused();
  await menu.click();
  await navigation.getByRole("link", { name: "Plans" }).click();
  await expect(page).toHaveURL(`${base}/plans`);
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(navigation).toBeHidden();
  await context.close();
});
