import type { Page } from "@playwright/test";
import {
  adminPage,
  adminPageIn,
  apiAs,
  expect,
  expectAccessible,
  expectFitsScreen,
  notice,
  readIn,
  snapshot,
  test,
  unique,
  VIEWPORTS,
} from "./support";

// The super-administrator is an employee of the shared server on its default list (e2e/global.setup.ts).
// The attendance, employees and holiday-list pages in Spanish and English, at desktop and phone sizes: each fits the
// screen, axe finds nothing serious, and a screenshot of each is kept (e2e/screenshots) for people to look at.

/** The administrator's employee record. */
async function adminEmployeeId(page: Page): Promise<string> {
  const api = await apiAs(page);
  const me = await api("GET", "/api/auth/me");
  return (await api("GET", `/api/employees?search=${encodeURIComponent(me.email)}`)).items[0].id;
}

const PAGES = [
  { path: "/attendance", heading: { en: "My attendance", es: "Mi asistencia" } },
  { path: "/attendance/requests", heading: { en: "Correction requests", es: "Solicitudes de corrección" } },
  { path: "/employees", heading: { en: "Employees", es: "Empleados" } },
  { path: "/holiday-lists", heading: { en: "Holiday lists", es: "Calendarios de festivos" } },
] as const;

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  // Lists and calendars have loaded when no placeholder remains.
  await expect(page.locator(".skeleton-row, .skeleton-block")).toHaveCount(0);
}

for (const language of ["en", "es"] as const)
  for (const [size, viewport] of Object.entries(VIEWPORTS))
    test(`the attendance pages in ${language} at ${size} size fit the screen and pass axe`, async ({ browser }) => {
      const page = await adminPageIn(browser, language, viewport);
      for (const { path, heading } of PAGES) {
        await open(page, path, heading[language]);
        await expectFitsScreen(page);
        await expectAccessible(page, { within: "main" });
        await snapshot(page, `attendance-${language}-${size}${path.replaceAll("/", "-")}`);
      }
      await open(page, `/employees/${await adminEmployeeId(page)}`, "Ada Lovelace");
      await expect(page.getByRole("region", { name: language === "es" ? "Empleo" : "Employment" })).toContainText(
        language === "es" ? "2 de noviembre de 2026" : "2 November 2026",
      );
      await expectFitsScreen(page);
      await expectAccessible(page, { within: "main" });
      await snapshot(page, `attendance-${language}-${size}-employee`);
    });

test("the calendar moves with the arrow keys, Home and End, one day in the Tab order", async ({ browser }) => {
  const page = await adminPage(browser);
  await readIn(page, "en");
  await open(page, "/attendance", "My attendance");
  const calendar = page.getByRole("grid");
  const today = calendar.locator("button[tabindex='0']");
  await expect(today).toHaveCount(1);
  await expect(today).toHaveAccessibleName(/\(today\)/);
  await today.focus();
  await page.keyboard.press("ArrowLeft");
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-date"));
  const yesterday = await focused();
  expect(yesterday).not.toBeNull();
  await expect(calendar.locator("button[tabindex='0']")).toHaveAttribute("data-date", yesterday ?? "");
  await page.keyboard.press("ArrowUp");
  const weekBefore = new Date(Date.parse(`${yesterday}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
  expect(await focused()).toBe(weekBefore);
  await page.keyboard.press("Home");
  expect(new Date(`${await focused()}T00:00:00Z`).getUTCDay()).toBe(1);
  await page.keyboard.press("End");
  expect(new Date(`${await focused()}T00:00:00Z`).getUTCDay()).toBe(0);
  // The chosen day's details follow the focus.
  await expect(page.getByRole("region", { name: /Day details/ })).toBeVisible();
  await page.keyboard.press("PageUp");
  await expect(page.locator(".calendar-month")).not.toBeEmpty();
  expect(await focused()).not.toBeNull();
});

test("the clock card on the web says where the time comes from and offers no Mobile app", async ({ browser }) => {
  const page = await adminPage(browser);
  await readIn(page, "es");
  await open(page, "/attendance", "Mi asistencia");
  const clock = page.getByRole("region", { name: "Fichaje" });
  await expect(clock).toContainText("Se registra como: Introducido a mano, desde la consola web.");
  await expect(clock.getByText("App móvil")).toHaveCount(0);
});

test("public holidays are added to a list once; adding them again adds nothing", async ({ browser }) => {
  const page = await adminPage(browser);
  await readIn(page, "en");
  const api = await apiAs(page);
  const list = await api("POST", "/api/holiday-lists", { name: unique("Presets"), weeklyOffDays: [7] });
  await open(page, "/holiday-lists", "Holiday lists");
  const row = page.getByRole("row").filter({ hasText: list.name });
  await row.getByRole("button", { name: `Add public holidays to ${list.name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Add public holidays to ${list.name}` });
  await dialog.getByLabel("Calendar", { exact: true }).selectOption({ label: "Spain: national holidays" });
  await dialog.getByLabel("Year", { exact: true }).selectOption("2026");
  await snapshot(page, "holiday-presets-dialog");
  await dialog.getByRole("button", { name: "Add holidays" }).click();
  await expect(notice(page)).toContainText(`10 holidays added to ${list.name}.`);
  await row.getByRole("button", { name: `Add public holidays to ${list.name}` }).click();
  await dialog.getByLabel("Year", { exact: true }).selectOption("2026");
  await dialog.getByRole("button", { name: "Add holidays" }).click();
  await expect(notice(page)).toContainText(`No new holidays: ${list.name} already had them all.`);
  // 2027 has not been checked against the bulletin: the dialog says so.
  await row.getByRole("button", { name: `Add public holidays to ${list.name}` }).click();
  await dialog.getByLabel("Year", { exact: true }).selectOption("2027");
  await expect(dialog.getByRole("note")).toContainText("have not been checked against the official bulletin");
});
