import type { Page } from "@playwright/test";
import {
  adminPageIn,
  apiAs,
  expect,
  expectAccessible,
  expectFitsScreen,
  runJob,
  snapshot,
  test,
  unique,
  uniqueEmail,
  VIEWPORTS,
} from "./support";

// The operator's pages in Spanish and English, on a laptop and a phone: the audit log in sentences (filtered by a
// person picked by name, an entry's codes and data opened), system health and its jobs, and the API reference.

const WORDS = {
  en: {
    audit: "Audit log",
    added: (name: string) => `Ada Lovelace added the member ${name}`,
    filters: "Filters",
    person: "Person",
    apply: "Apply filters",
    systemSentence: "The club’s first settings were saved",
    details: "Details",
    system: "System health",
    database: "Database",
    answering: /Working|Slow/,
    jobs: "Background jobs",
    attendanceJob: "Classify yesterday’s attendance",
    forwardJob: "Move new activity into the audit log",
    moved: /nothing new to move|into the audit log\./,
    reference: "API reference",
    download: "Download OpenAPI JSON",
    tryIt: "Try it",
  },
  es: {
    audit: "Registro de actividad",
    added: (name: string) => `Ada Lovelace dio de alta a ${name} como socio`,
    filters: "Filtros",
    person: "Persona",
    apply: "Aplicar filtros",
    systemSentence: "Se guardaron los primeros ajustes del club",
    details: "Detalles",
    system: "Estado del sistema",
    database: "Base de datos",
    answering: /Funciona|Lento/,
    jobs: "Tareas automáticas",
    attendanceJob: "Clasificar la asistencia de ayer",
    forwardJob: "Pasar la actividad nueva al registro",
    moved: /nada nuevo que pasar|al registro\./,
    reference: "Referencia de la API",
    download: "Descargar OpenAPI (JSON)",
    tryIt: "Pruébalo",
  },
} as const;

/**
 * A member added as this test's own, and the trail forwarded: the audit log's newest entries then include it, whatever
 * other workers do. Returns the member's name.
 */
async function memberAdded(page: Page, run: string): Promise<string> {
  const api = await apiAs(page);
  const lucia = { firstName: "Lucía", lastName: unique(`Gómez ${run}`), email: uniqueEmail(`lucia.gomez.${run}`) };
  await api("POST", "/api/members", lucia);
  await runJob(page, "forward-audit-log");
  return `${lucia.firstName} ${lucia.lastName}`;
}

const entryOf = (page: Page, sentence: string) =>
  page
    .getByRole("region", { name: /Audit entries|Entradas del registro/ })
    .getByRole("listitem")
    .filter({ hasText: sentence });

for (const language of ["en", "es"] as const)
  for (const size of ["desktop", "phone"] as const) {
    const words = WORDS[language];

    test(`audit log in ${language} at ${size}: sentences, a person picked by name, an entry's details`, async ({
      browser,
    }) => {
      const page = await adminPageIn(browser, language, VIEWPORTS[size]);
      const name = await memberAdded(page, `${language}-${size}`);
      await page.goto("/audit");
      await expect(page.getByRole("heading", { level: 1, name: words.audit })).toBeVisible();
      const added = entryOf(page, words.added(name));
      await expect(added).toBeVisible();
      // The member's name leads to their page.
      await expect(added.getByRole("link", { name })).toHaveAttribute("href", /^\/members\/[0-9a-f-]{36}$/);
      // The newest entries come within a screen of the page's title (the filters wait behind a button on a phone);
      // the shell's navigation above the title is the layout's to fold away.
      await page
        .getByRole("heading", { level: 1 })
        .evaluate((title) => window.scrollTo(0, title.getBoundingClientRect().top + window.scrollY));
      await expect(
        page
          .getByRole("region", { name: /Audit entries|Entradas del registro/ })
          .getByRole("listitem")
          .first(),
      ).toBeInViewport();
      await expectFitsScreen(page);
      await snapshot(page, `i18n-audit-${language}-${size}`);

      // On a phone the filters wait behind a button.
      const person = page.getByRole("combobox", { name: words.person });
      if (size === "phone") {
        await expect(person).toBeHidden();
        await page.getByRole("button", { name: words.filters, exact: true }).click();
      }
      await person.fill("Lovel");
      await page.getByRole("option", { name: /Ada Lovelace/ }).click();
      await expect(person).toHaveValue("Ada Lovelace");
      await page.getByRole("button", { name: words.apply }).click();
      await expect(page.getByText(words.systemSentence)).toHaveCount(0);
      await expect(added).toBeVisible();

      // The codes, ids and data, one click away.
      await added.locator("summary").click();
      await expect(added.getByText("members.created", { exact: true })).toBeVisible();
      await expect(added.getByLabel(/members\.created/)).toBeVisible();
      await expectFitsScreen(page);
      await expectAccessible(page);
      await snapshot(page, `i18n-audit-details-${language}-${size}`);
      await page.context().close();
    });

    test(`system health and jobs in ${language} at ${size}`, async ({ browser }) => {
      const page = await adminPageIn(browser, language, VIEWPORTS[size]);
      await page.goto("/system");
      await expect(page.getByRole("heading", { level: 1, name: words.system })).toBeVisible();
      const database = page.getByRole("listitem").filter({ hasText: words.database });
      // Slow is the truth on a loaded machine (an answer over a second); either says the database answers.
      await expect(database).toContainText(words.answering);
      const jobs = page.getByRole("region", { name: words.jobs });
      await expect(jobs.getByRole("heading", { name: words.attendanceJob })).toBeVisible();
      const forward = jobs.getByRole("listitem", { name: words.forwardJob });
      // The scheduler or another test may be running it this moment: the page then says so, and the click is repeated.
      await expect(async () => {
        await forward.getByRole("button").click();
        await expect(forward.getByRole("status")).toContainText(words.moved, { timeout: 15_000 });
      }).toPass({ timeout: 90_000 });
      await expectFitsScreen(page);
      await expectAccessible(page);
      await snapshot(page, `i18n-system-${language}-${size}`);
      await page.context().close();
    });

    test(`API reference in ${language} at ${size}`, async ({ browser }) => {
      const page = await adminPageIn(browser, language, VIEWPORTS[size]);
      await page.goto("/api-reference");
      await expect(page.getByRole("heading", { level: 1, name: words.reference })).toBeVisible();
      await expect(page.getByRole("link", { name: words.download })).toBeVisible();
      const listPlans = page
        .getByRole("region", { name: "Plans" })
        .locator("details")
        .filter({ has: page.locator("summary > span", { hasText: /^get$/ }) })
        .filter({ has: page.locator("summary > span", { hasText: /^\/api\/plans$/ }) });
      await listPlans.locator("summary").click();
      await expect(listPlans.getByRole("heading", { name: words.tryIt })).toBeVisible();
      await listPlans.getByRole("button", { name: /GET$/ }).click();
      await expect(listPlans.locator("pre")).toContainText('"items"');
      await expectFitsScreen(page);
      await expectAccessible(page);
      // The whole reference is thousands of pixels long: the first screen, and the operation tried, are what to look at.
      await page.evaluate(() => window.scrollTo(0, 0));
      await snapshot(page, `i18n-api-reference-${language}-${size}`, { fullPage: false });
      await listPlans.scrollIntoViewIfNeeded();
      await snapshot(page, `i18n-api-reference-try-${language}-${size}`, { fullPage: false });
      await page.context().close();
    });
  }
