import type { Browser, BrowserContext, Page } from "@playwright/test";
import { LANGUAGE_COOKIE } from "../console/i18n/locales";
import {
  admin,
  adminPage,
  apiAs,
  expect,
  expectAccessible,
  expectFitsScreen,
  signIn,
  snapshot,
  test,
  unique,
  uniqueEmail,
  VIEWPORTS,
} from "./support";

/**
 * Every console page in Spanish on a phone (390 × 844): its language is Spanish, its main heading is on the first
 * screen, it fits the screen (no sideways panning) and axe finds no serious or critical violation; and on a laptop
 * (1440 × 900) it fits the screen with its heading on the first screen too. Spanish is the longer language, the one
 * that overflows first; English is covered by the message parity test (every key in both languages) and by the flows
 * that switch language. With SCREENSHOTS=1 each goes to e2e/screenshots/<page>-es-<size>.png for people to look at.
 *
 * One test per page, named as in PAGES, so that one page is checked with
 * `npx playwright test e2e/console-pages.spec.ts -g "members"` (a pattern: "member-detail" with `-g "member-detail"`).
 * The records the pages show are this worker's own, on the shared server.
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
  { name: "billing-books", path: () => "/billing/books" },
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
  { name: "sign-ins", path: () => "/sign-ins" },
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
type Arranged = { sessions: Record<"admin" | "employee", Session>; ids: Ids };
const employee = { email: uniqueEmail("andres"), temporary: "Quayside-Lamps-2024", own: "Low-Tide-At-Nine-4" };

/** A member, an employee who has chosen a password, and a mail, made through the API once a worker. */
async function arrange(browser: Browser): Promise<Arranged> {
  const page = await adminPage(browser);
  const api = await apiAs(page);
  const member = await api("POST", "/api/members", {
    firstName: "Lucía",
    lastName: unique("Fernández"),
    email: uniqueEmail("lucia"),
  });
  const user = await api("POST", "/api/users", {
    firstName: "Andrés",
    lastName: unique("Romero"),
    email: employee.email,
    username: employee.email.split("@")[0],
    password: employee.temporary,
    roles: ["Employee"],
  });
  const employeeRecord = await api("POST", "/api/employees", { userId: user.id });
  // The employee replaces the temporary password through the API, then signs in to the console.
  const context = await browser.newContext();
  const login = await context.request.post("/api/auth/login", {
    data: { email: employee.email, password: employee.temporary },
  });
  const changed = await context.request.post("/api/auth/change-password", {
    headers: { authorization: `Bearer ${(await login.json()).accessToken}` },
    data: { currentPassword: employee.temporary, newPassword: employee.own },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  const employeePage = await context.newPage();
  await signIn(employeePage, employee.email, employee.own);
  // A server's first sign-in of a role loads its pages' code: as slow as the admin's first (signInAsAdmin).
  await expect(employeePage).toHaveURL(/\/attendance$/, { timeout: 60_000 });
  expect((await page.request.post("/api/auth/forgot-password", { data: { email: admin.email } })).status()).toBe(202);
  const mail = (await api("GET", "/api/mail?pageSize=1")).items[0];
  return {
    sessions: { admin: await page.context().storageState(), employee: await context.storageState() },
    ids: { member: member.id, employee: employeeRecord.id, mail: mail.id },
  };
}

/** The worker's arrangement, made by its first test (a failed test restarts the worker, which makes it again). */
let arranged: Promise<Arranged> | undefined;

/**
 * Waits until the page has loaded its data: no request in flight (for at most a while: a page may poll, as the outbox
 * does while mail is pending) and nothing marked busy.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** One size, in Spanish: the checks, with the screenshot taken first so that a failing page can be seen. */
async function check(
  browser: Browser,
  baseURL: string,
  consolePage: ConsolePage,
  { sessions, ids }: Arranged,
  size: keyof typeof VIEWPORTS,
) {
  const viewport = VIEWPORTS[size];
  const context = await browser.newContext({
    viewport,
    ...(consolePage.as === "signed-out" ? {} : { storageState: sessions[consolePage.as ?? "admin"] }),
  });
  try {
    await context.addCookies([{ name: LANGUAGE_COOKIE, value: "es", url: baseURL }]);
    const page = await context.newPage();
    await page.goto(consolePage.path(ids));
    await settled(page);
    await snapshot(page, `${consolePage.name}-es-${size}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es-ES");
    const heading = page.locator("main h1").first();
    await expect(heading).toBeVisible();
    const top = (await heading.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(top, "the main heading starts on the first screen").toBeLessThan(viewport.height);
    await expectFitsScreen(page);
    // axe once a page: the same markup at either size.
    if (size === "phone") await expectAccessible(page);
  } finally {
    await context.close();
  }
}

// One test a page, reporting all that failed. Its two sizes are checked at once, each in a context of its own: a check
// is mostly waiting (for the server, for the network to fall quiet) and axe.
for (const consolePage of PAGES)
  test(consolePage.name, async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    arranged ??= arrange(browser);
    const arrangement = await arranged;
    const failures: string[] = [];
    await Promise.all(
      (["phone", "desktop"] as const).map((size) =>
        check(browser, baseURL ?? "", consolePage, arrangement, size).catch((error: Error) =>
          failures.push(`es ${size}: ${error.message}`),
        ),
      ),
    );
    expect(failures, `${consolePage.name} in Spanish on a phone and a laptop`).toEqual([]);
  });

test("the frame: sign-in returns to the page asked for, the skip link comes first, the phone's menu opens and closes", async ({
  browser,
  baseURL,
}) => {
  arranged ??= arrange(browser);
  const { ids } = await arranged;
  const context = await browser.newContext({ viewport: VIEWPORTS.phone });
  const page = await context.newPage();
  await page.goto(`/members/${ids.member}`);
  await expect(page).toHaveURL(`${baseURL}/login?callbackUrl=${encodeURIComponent(`/members/${ids.member}`)}`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${baseURL}/members/${ids.member}`);

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
  await expect(page).toHaveURL(`${baseURL}/plans`);
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(navigation).toBeHidden();
  await context.close();
});
