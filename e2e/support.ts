import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from "@playwright/test";
import { CONSOLE_REQUEST_HEADER } from "../console/console-request";
import { LANGUAGE_COOKIE } from "../console/i18n/locales";

export { expect };

/**
 * Reports every Content-Security-Policy violation of a context's pages and frames: Chromium's console message for
 * each, and the `securitypolicyviolation` event (an init script runs outside the page's policy and logs it).
 */
async function watchPolicyViolations(context: BrowserContext, violations: string[]): Promise<void> {
  context.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text()))
      violations.push(`${message.location().url}: ${message.text()}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(
        `Content-Security-Policy violation: ${event.effectiveDirective} refused ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
}

/**
 * Every spec's `test`: it fails when any page of the test (its `page`, and pages of contexts it opens itself)
 * reported a Content-Security-Policy violation. A test that performs an attack the policy refuses sets
 * `expectPolicyViolations` and asserts on `policyViolations` itself.
 * The contexts a test opens itself are closed when it ends, passed or failed: the browser lives as long as the whole
 * run, and the pages a failed test left open would otherwise weigh on every test after it.
 */
export const test = base.extend<{ expectPolicyViolations: boolean; policyViolations: string[] }>({
  expectPolicyViolations: [false, { option: true }],
  policyViolations: [
    async ({ browser, context, expectPolicyViolations }, use) => {
      const violations: string[] = [];
      await watchPolicyViolations(context, violations);
      const newContext = browser.newContext.bind(browser);
      const opened: BrowserContext[] = [];
      browser.newContext = async (options) => {
        const context = await newContext(options);
        opened.push(context);
        await watchPolicyViolations(context, violations);
        return context;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
        await Promise.all(opened.map((context) => context.close()));
      }
      if (!expectPolicyViolations) expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

export const admin = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@riverside.example",
  username: "ada",
  password: "Analytical-Engine-1843",
};

export const staff = {
  firstName: "Sam",
  lastName: "Rivers",
  email: "sam@riverside.example",
  username: "sam.rivers",
  temporaryPassword: "Temporary-Pass-2024",
  ownPassword: "Oars-Before-Dawn-7",
};

/** The sizes the console is checked at: a laptop, and a phone (390 × 844, an iPhone 14). */
export const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

/** Reads the console in `language` from now on in this page's context (the cookie a user's choice sets). */
export async function readIn(page: Page, language: "en" | "es"): Promise<void> {
  await page.context().addCookies([
    {
      name: LANGUAGE_COOKIE,
      value: language,
      url: new URL(page.url() === "about:blank" ? baseURL() : page.url()).origin,
    },
  ]);
}

/** The administrator's console in `language`, on a screen of `viewport`'s size (one of VIEWPORTS). */
export async function adminPageIn(
  browser: Browser,
  language: "en" | "es",
  viewport: { width: number; height: number },
): Promise<Page> {
  const page = await adminPage(browser);
  await page.setViewportSize(viewport);
  await readIn(page, language);
  return page;
}

const baseURL = () => `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;

/**
 * Fails on any serious or critical WCAG 2.1 A/AA violation axe-core finds on the page as it is now. Sandboxed frames
 * (the mail previews) are left out: axe hangs running inside one, and `iframes: false` alone does not keep it out.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .options({ iframes: false })
    .exclude("iframe[sandbox]")
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  expect(serious, `axe on ${page.url()}`).toEqual([]);
}

/** Fails when the page is wider than the screen, so that it would pan sideways on a phone. */
export async function expectFitsScreen(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `page width at ${page.url()}`).toBeLessThanOrEqual(innerWidth);
}

/** Full-page screenshots for people to look at (e2e/screenshots is git-ignored). */
export async function snapshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, admin.email, admin.password);
  // Managers and administrators start on the dashboard (console/role-home.ts).
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function signOut(page: Page): Promise<void> {
  await page.getByLabel(/^Account:/).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
}

let adminSession: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;

/**
 * A page signed in as the super-administrator, sharing one sign-in across tests: sign-ins count
 * against the per-IP limit (RATE_LIMIT_AUTH_PER_MINUTE). Tests that sign out or renew tokens sign in themselves.
 */
export async function adminPage(browser: Browser): Promise<Page> {
  if (!adminSession) {
    const context = await browser.newContext();
    await signInAsAdmin(await context.newPage());
    adminSession = await context.storageState();
    await context.close();
  }
  const page = await (await browser.newContext({ storageState: adminSession })).newPage();
  await page.goto("/");
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/**
 * Sets the installation up through the API when no earlier spec did (a spec run on its own), with the
 * same club and super-administrator as console.spec.ts.
 */
async function ensureInstalled(request: APIRequestContext): Promise<void> {
  const status = await (await request.get("/api/setup/status")).json();
  if (status.status === "complete") return;
  expect((await request.post("/api/setup/platform", { data: { platformName: "Riverside Rowing Club" } })).ok()).toBe(
    true,
  );
  expect((await request.post("/api/setup/superadmin", { data: admin })).ok()).toBe(true);
}

/** For `test.beforeAll`: a spec that may run on its own sets the installation up first (ensureInstalled). */
export async function ensureInstalledBeforeAll(
  { playwright }: Pick<PlaywrightWorkerArgs, "playwright">,
  testInfo: TestInfo,
): Promise<void> {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await ensureInstalled(request);
  await request.dispose();
}

/** The signed-in page's API client, for arranging data through the API as the console calls it (its session cookie). */
export async function apiAs(page: Page) {
  const headers = { [CONSOLE_REQUEST_HEADER]: "1" };
  const call = async (method: "GET" | "POST" | "PUT" | "DELETE", path: string, data?: unknown) => {
    const response = await page.request.fetch(path, { method, headers, data });
    expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return response.status() === 204 ? null : response.json();
  };
  return call;
}

/** The id of the access token the page's session holds (the page holds no token: docs/api.md, "What the browser holds"). */
export async function sessionTokenId(page: Page): Promise<string> {
  return (await (await page.request.get("/api/auth/session")).json()).accessTokenId;
}

/** How a console call authenticated, as the browser sent it: the console's marker, and never a bearer token of its own. */
export const consoleCredentialsOf = (headers: Record<string, string>) => ({
  authorization: headers.authorization,
  console: headers[CONSOLE_REQUEST_HEADER],
});

/** A form's or dialog's error summary (forms.tsx), once it shows a failure. */
export const errorSummary = (scope: Page | Locator) => scope.locator(".error-summary[role=alert]");
/** The confirmation a list page shows after an action (useListDialogs). */
export const notice = (page: Page) => page.locator(".status-message[role=status]");
/** The console's main navigation. */
export const navigation = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** Holds the API calls matching `url` until the returned function is called, to see a page while it loads. */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
