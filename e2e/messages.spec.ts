import type { Browser, Locator, Page } from "@playwright/test";
import {
  adminPage,
  adminPageIn,
  apiAs,
  expect,
  expectAccessible,
  expectFitsScreen,
  snapshot,
  test,
  unique,
  uniqueCode,
  uniqueEmail,
  VIEWPORTS,
} from "./support";

// The mail pages in Spanish and in English, on a desktop and on a phone: the words, the club's formats, a Spanish
// member's welcome in Spanish, the previews' language switch, and every page fitting the screen.
const CLUB = "Riverside Rowing Club";
const lucia = { firstName: "Lucía", lastName: unique("Idiomas"), email: uniqueEmail("lucia.idiomas"), language: "es" };

const WORDS = {
  en: {
    mail: "Mail",
    outbox: "Outbox",
    templates: "Templates",
    filters: "Filters",
    status: "Status",
    welcome: "Welcome",
    sent: "Sent",
    view: (to: string) => `View the email to ${to}`,
    language: "Language of the preview",
    previewOf: (title: string) => `Preview of ${title}`,
  },
  es: {
    mail: "Correo",
    outbox: "Bandeja de salida",
    templates: "Plantillas",
    filters: "Filtros",
    status: "Estado",
    welcome: "Bienvenida",
    sent: "Enviado",
    view: (to: string) => `Ver el correo a ${to}`,
    language: "Idioma de la vista previa",
    previewOf: (title: string) => `Vista previa de ${title}`,
  },
} as const;

/** A signed-in admin's page in `language` at `viewport`: the console reads the language from its cookie. */
/**
 * `locator` starts within one screen of the top of the page's own content (the navigation above it on a phone is the
 * shell's, which folds it away).
 */
async function expectOnTheFirstScreenOfContent(page: Page, locator: Locator) {
  const content = await page.locator("main").boundingBox();
  const box = await locator.boundingBox();
  expect(box && content && box.y - content.y, "offset from the content's top").toBeLessThan(
    page.viewportSize()?.height ?? 0,
  );
}

/** Lucía enrolled and her welcome sent, once a worker: the first test is about it, the outbox tests show it. */
async function welcomeLucia(browser: Browser): Promise<void> {
  const page = await adminPage(browser);
  const api = await apiAs(page);
  const plan = await api("POST", "/api/plans", {
    name: "Remo mensual",
    code: uniqueCode("REMO-ES"),
    monthlyPrice: "42.50",
  });
  const enrolled = await api("POST", "/api/members/enroll", {
    member: lucia,
    subscription: { planId: plan.id, billingPeriod: "monthly" },
  });
  expect(enrolled.member.language).toBe("es");

  await expect(async () => {
    const { items } = await api("GET", `/api/mail?search=${encodeURIComponent(lucia.email)}`);
    expect(items).toContainEqual(
      expect.objectContaining({ template: "welcome", status: "sent", subject: `Le damos la bienvenida a ${CLUB}` }),
    );
  }).toPass({ timeout: 30_000 });
  await page.context().close();
}
let welcomed: Promise<void> | undefined;

test("a member whose language is Spanish is welcomed in Spanish", async ({ browser }) => {
  welcomed ??= welcomeLucia(browser);
  await welcomed;
});

for (const language of ["es", "en"] as const) {
  const words = WORDS[language];
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`the outbox and a message in ${language} on a ${size}`, async ({ browser }) => {
      welcomed ??= welcomeLucia(browser);
      await welcomed;
      const page = await adminPageIn(browser, language, viewport);
      await page.goto("/mail");
      await expect(page.getByRole("heading", { level: 1, name: words.mail })).toBeVisible();
      const tabs = page.getByRole("navigation", { name: words.mail });
      await expect(tabs.getByRole("link", { name: words.outbox })).toHaveAttribute("aria-current", "page");
      const row = page
        .getByRole("row")
        .filter({ hasText: lucia.email })
        .filter({ hasText: `Le damos la bienvenida a ${CLUB}` });
      await expect(row).toContainText(words.welcome);
      await expect(row).toContainText(words.sent);
      await expect(row).toContainText(`Le damos la bienvenida a ${CLUB}`);
      await expect(row).not.toContainText("welcome", { ignoreCase: false });
      await expectFitsScreen(page);
      await expectAccessible(page);
      if (size === "phone") {
        // The filters wait behind a button, so the mail is on the first screen.
        await expect(page.getByLabel(words.status)).toBeHidden();
        await expectOnTheFirstScreenOfContent(page, row);
        await snapshot(page, `mail-outbox-${language}-${size}`);
        await page.getByRole("button", { name: words.filters }).click();
        await expect(page.getByLabel(words.status)).toBeVisible();
        await expectFitsScreen(page);
        await snapshot(page, `mail-outbox-filters-${language}-${size}`);
      } else {
        await expect(page.getByRole("button", { name: words.filters })).toBeHidden();
        await expect(page.getByLabel(words.status)).toBeVisible();
        await snapshot(page, `mail-outbox-${language}-${size}`);
      }

      await row.getByRole("link", { name: words.view(lucia.email) }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Le damos la bienvenida a ${CLUB}` })).toBeVisible();
      const email = page.frameLocator("iframe[sandbox]");
      await expect(email.getByText(`¡Le damos la bienvenida, ${lucia.firstName}!`)).toBeVisible();
      await expect(email.locator("html")).toHaveAttribute("lang", "es");
      await expectFitsScreen(page);
      await expectAccessible(page);
      await snapshot(page, `mail-detail-${language}-${size}`);
    });

    test(`the template previews in ${language} on a ${size}, in either language`, async ({ browser }) => {
      const page = await adminPageIn(browser, language, viewport);
      await page.goto("/mail/templates");
      const templates = page.getByRole("list").getByRole("button");
      await expect(templates.first()).toHaveText(new RegExp(`^${words.welcome}`));
      await expect(page.getByLabel(words.language)).toHaveValue(language);
      const preview = page.getByRole("region", { name: words.previewOf(words.welcome) });
      const subject = language === "es" ? `Le damos la bienvenida a ${CLUB}` : `Welcome to ${CLUB}`;
      await expect(preview).toContainText(subject);
      await expect(page.frameLocator("iframe[sandbox]").locator("body")).toContainText(CLUB);
      await expectFitsScreen(page);
      await expectAccessible(page);
      if (size === "phone") await expectOnTheFirstScreenOfContent(page, preview);
      await snapshot(page, `mail-templates-${language}-${size}`);

      // The same template in the other language, named still in the reader's.
      const other = language === "es" ? "en" : "es";
      await page.getByLabel(words.language).selectOption(other);
      const otherSubject = other === "es" ? `Le damos la bienvenida a ${CLUB}` : `Welcome to ${CLUB}`;
      await expect(page.getByRole("region", { name: words.previewOf(words.welcome) })).toContainText(otherSubject);
      await expect(page.frameLocator("iframe[sandbox]").locator("html")).toHaveAttribute("lang", other);
      await expectFitsScreen(page);
      // A full-page screenshot leaves a frame below the fold blank: the preview as seen once scrolled to.
      await page.locator("iframe[sandbox]").scrollIntoViewIfNeeded();
      await page.waitForTimeout(1_000);
      await snapshot(page, `mail-preview-${other}-in-${language}-${size}`, { fullPage: false });
    });
  }
}
