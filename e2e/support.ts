import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { CONSOLE_REQUEST_HEADER } from "../console/console-request";
import { LANGUAGE_COOKIE } from "../console/i18n/locales";
import { SETUP_CODE_HEADERS } from "../tests/support/setup-code";
import { type OwnServer, startOwnServer } from "./own-server";

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

/**
 * What makes this worker's records its own on the shared server, where two workers add data at once (as Cal.com's
 * factories do): the worker's index (a restarted worker gets a new one), and the time its process loaded the specs in
 * case a server is reused. Short: names and addresses show on phone screens that must not overflow.
 */
const RUN = `w${process.env.TEST_WORKER_INDEX ?? 0}${(Date.now() % 1_000_000).toString(36)}`;
/** `name` made this worker's own ("Lucía" → "Lucía w1lfls"): a spec finds its rows by it, whatever others add. */
export const unique = (name: string) => `${name} ${RUN}`;
/** An email address this worker's own. */
export const uniqueEmail = (local: string) => `${local}.${RUN}@riverside.example`;
/** A plan code this worker's own (letters, digits and dashes, at most 30). */
export const uniqueCode = (code: string) => `${code}-${RUN}`.toUpperCase();

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

/** The server of the spec running now: the shared one, or the spec's own (onOwnServer). */
let ownServer: OwnServer | undefined;
const baseURL = () => ownServer?.base ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;

/**
 * Waits until no list of the page is fetching: its rows are faded meanwhile (and fail axe's contrast check), and other
 * workers' records make lists fetch again more often.
 */
async function listsLoaded(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Fails on any serious or critical WCAG 2.1 A/AA violation axe-core finds on the page (or only within `within`, such as
 * "main") once its lists have loaded. Sandboxed frames (the mail previews) are left out: axe hangs running inside one,
 * and `iframes: false` alone does not keep it out. A list may fetch again while axe runs (other workers' records), and
 * its faded rows then fail the contrast check: the check is repeated until the page holds still, and a finding that
 * stays fails it. It is given a minute: on a loaded machine one run of axe over a large page takes ten seconds or more
 * (CI, stop 40: the dashboard's check ran out at 20 s).
 */
export async function expectAccessible(page: Page, { within }: { within?: string } = {}): Promise<void> {
  await expect(async () => {
    await listsLoaded(page);
    const builder = new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .options({ iframes: false })
      .exclude("iframe[sandbox]");
    const results = await (within ? builder.include(within) : builder).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes.map((node) => `${node.target.join(" ")} ${node.failureSummary ?? ""}`).join(", ")})`,
      );
    expect(serious, `axe on ${page.url()}`).toEqual([]);
  }).toPass({ timeout: 60_000 });
}

/** Fails when the page is wider than the screen, so that it would pan sideways on a phone. */
export async function expectFitsScreen(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `page width at ${page.url()}`).toBeLessThanOrEqual(innerWidth);
}

/**
 * Screenshots (full-page unless told) for people to look at (e2e/screenshots is git-ignored), taken when the run is
 * asked for them (`SCREENSHOTS=1 npx playwright test`): they assert nothing, and cost seconds each.
 */
export async function snapshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (process.env.SCREENSHOTS === "1") await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage });
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, admin.email, admin.password);
  // Managers and administrators start on the dashboard (console/role-home.ts); a server's first sign-in is slower.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
}

export async function signOut(page: Page): Promise<void> {
  await page.getByLabel(/^Account:/).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
}

type Session = Awaited<ReturnType<BrowserContext["storageState"]>>;
/** The super-administrator's session on each server this worker used, and when it signed in. */
const adminSessions = new Map<string, { session: Session; signedInAt: number }>();
/**
 * A shared session is used only while its access token is fresh (ACCESS_TOKEN_TTL_SECONDS is 900): past that, a page
 * would renew it, rotating the refresh token, and the next page opened from the same stored session would present the
 * rotated one, which the server treats as reuse and ends the sign-in (docs/api.md, refresh-token reuse).
 */
const SHARED_SESSION_MS = 10 * 60_000;

/**
 * A page signed in as the super-administrator, sharing one sign-in a server across the worker's tests: sign-ins count
 * against the per-IP limit (RATE_LIMIT_AUTH_PER_MINUTE). Tests that sign out or renew tokens sign in themselves.
 */
export async function adminPage(browser: Browser): Promise<Page> {
  let shared = adminSessions.get(baseURL());
  if (!shared || Date.now() - shared.signedInAt > SHARED_SESSION_MS) {
    const context = await browser.newContext();
    const signedInAt = Date.now();
    await signInAsAdmin(await context.newPage());
    shared = { session: await context.storageState(), signedInAt };
    adminSessions.set(baseURL(), shared);
    await context.close();
  }
  const page = await (await browser.newContext({ storageState: shared.session })).newPage();
  await page.goto("/");
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/** Sets an installation up through the API: the club and its super-administrator (`admin`). */
export async function install(request: APIRequestContext): Promise<void> {
  const headers = SETUP_CODE_HEADERS;
  expect(
    (await request.post("/api/setup/platform", { headers, data: { platformName: "Riverside Rowing Club" } })).ok(),
  ).toBe(true);
  expect((await request.post("/api/setup/superadmin", { headers, data: admin })).ok()).toBe(true);
}

/**
 * Runs the spec file on an installation of its own (e2e/own-server.ts, set up with `install`), for a story whose
 * assertions are about the whole club: its empty states, its counts and statistics, its settings (language, time zone,
 * billing started), which other workers' records on the shared server would change. Its tests run in order in one
 * worker (`serial`: a story, whose steps need the ones before); `fresh` leaves it as nobody has set it up, printing its
 * setup code as a newcomer's server does (printedSetupLink), on embedded
 * defaults (the setup wizard's: the newcomer's first start).
 */
export function onOwnServer({ serial = false, fresh = false } = {}): void {
  test.describe.configure({ mode: serial ? "serial" : "default" });
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    ownServer = await startOwnServer({}, { embedded: fresh, printsSetupCode: fresh });
    if (fresh) return;
    const request = await playwright.request.newContext({ baseURL: ownServer.base });
    await install(request);
    await request.dispose();
  });
  test.afterAll(async () => {
    await ownServer?.stop();
    ownServer = undefined;
  });
  test.use({ baseURL: async ({ playwright: _ }, use) => use(baseURL()) });
}

/** The link to the setup wizard, with its code, that the spec's fresh server printed at start (onOwnServer fresh). */
export function printedSetupLink(): Promise<string> {
  const link = ownServer?.setupLink;
  if (!link) throw new Error("only a spec on a fresh server of its own has a printed setup link");
  return link();
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

/**
 * Runs the job `name` now as the signed-in page's user. A job runs once at a time across the installation, and the
 * scheduler (every minute for some) or another test may be running it this moment: 409 `Job.AlreadyRunning` means
 * "try again when it ends", so it is asked again until it runs.
 */
export async function runJob(page: Page, name: string, body: unknown = {}): Promise<unknown> {
  const headers = { [CONSOLE_REQUEST_HEADER]: "1" };
  let outcome: unknown;
  await expect(async () => {
    const response = await page.request.post(`/api/jobs/${name}/run`, { headers, data: body });
    expect(response.ok(), `POST /api/jobs/${name}/run: ${response.status()} ${await response.text()}`).toBe(true);
    outcome = await response.json();
  }).toPass({ timeout: 60_000, intervals: [250, 500, 1000] });
  return outcome;
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
