import type { Browser, Page } from "@playwright/test";
import { emailedLink, newestSubject } from "./mailbox";
import {
  adminPage,
  ensureInstalledBeforeAll,
  expect,
  expectAccessible,
  expectFitsScreen,
  notice,
  readIn,
  snapshot,
  test,
  VIEWPORTS,
} from "./support";

// "Add staff member" in one step: the admin adds a person with a role → the invitation reaches their mailbox → they
// choose a password from its link → they are signed in to the console. In English on a laptop and in Spanish on a
// phone, each page fitting the screen and clean for axe; then every page of this area in both languages and sizes.
test.describe.configure({ mode: "serial" });

test.beforeAll(ensureInstalledBeforeAll);

type Language = "en" | "es";
type Size = keyof typeof VIEWPORTS;

const WORDS = {
  en: {
    addStaff: "Add staff member",
    firstName: "First name",
    lastName: "Last name",
    email: "Email",
    role: "Role",
    submit: "Add and send the invitation",
    added: (name: string) => `${name} has been added`,
    welcome: (name: string) => `Welcome, ${name}`,
    newPassword: "New password",
    confirmPassword: "Confirm new password",
    setPassword: "Set my password and sign in",
    deadLink: "This invitation link does not work",
    pending: "Invitation pending",
    resend: (name: string) => `Resend the invitation to ${name}`,
    sendNew: "Send a new invitation",
    filters: "Filters",
    rolesTitle: "Roles",
    seeMembers: "See members",
  },
  es: {
    addStaff: "Añadir miembro del personal",
    firstName: "Nombre",
    lastName: "Apellidos",
    email: "Correo electrónico",
    role: "Rol",
    submit: "Añadir y enviar la invitación",
    added: (name: string) => `${name} ya forma parte del personal`,
    welcome: (name: string) => `Te damos la bienvenida, ${name}`,
    newPassword: "Contraseña nueva",
    confirmPassword: "Repite la contraseña nueva",
    setPassword: "Guardar mi contraseña y entrar",
    deadLink: "Este enlace de invitación no funciona",
    pending: "Invitación pendiente",
    resend: (name: string) => `Reenviar la invitación a ${name}`,
    sendNew: "Enviar una invitación nueva",
    filters: "Filtros",
    rolesTitle: "Roles",
    seeMembers: "Ver los socios",
  },
} as const;

/** Checks the page as a person sees it at this size: nothing wider than the screen, no serious axe violation. */
async function looksRight(page: Page, name: string): Promise<void> {
  await expectFitsScreen(page);
  await expectAccessible(page);
  await snapshot(page, name);
}

async function adminIn(browser: Browser, language: Language, size: Size): Promise<Page> {
  const page = await adminPage(browser);
  await page.setViewportSize(VIEWPORTS[size]);
  await readIn(page, language);
  return page;
}

/** A page with no session, as the invited person opens their email's link. */
async function visitorIn(browser: Browser, language: Language, size: Size): Promise<Page> {
  const page = await (await browser.newContext({ viewport: VIEWPORTS[size] })).newPage();
  await readIn(page, language);
  return page;
}

async function addStaffMember(page: Page, language: Language, person: { first: string; last: string; email: string }) {
  const words = WORDS[language];
  await page.goto("/users");
  await page.getByRole("link", { name: words.addStaff }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: words.addStaff })).toBeVisible();
  await page.getByLabel(words.firstName).fill(person.first);
  await page.getByLabel(words.lastName).fill(person.last);
  await page.getByLabel(words.email).fill(person.email);
  await expect(page.getByLabel(words.role)).toHaveValue("Employee");
  await page.getByRole("button", { name: words.submit }).click();
  await expect(page.getByRole("heading", { name: words.added(`${person.first} ${person.last}`) })).toBeVisible();
}

for (const [language, size] of [
  ["en", "desktop"],
  ["es", "phone"],
] as const) {
  test(`${language} ${size}: an admin adds a staff member, who chooses a password from the email and signs in`, async ({
    browser,
  }) => {
    const words = WORDS[language];
    const person = { first: "Andrés", last: `Romero ${language}`, email: `andres.${language}@riverside.example` };
    const admin = await adminIn(browser, language, size);
    await admin.goto("/staff/new");
    await looksRight(admin, `staff-new-${language}-${size}`);
    await addStaffMember(admin, language, person);
    await looksRight(admin, `staff-added-${language}-${size}`);

    expect(await newestSubject(person.email)).toContain("staff console");
    const link = await emailedLink(person.email, "/accept-invitation");
    const invited = await visitorIn(browser, language, size);
    await invited.goto(link);
    await expect(invited.getByRole("heading", { name: words.welcome(person.first) })).toBeVisible();
    await looksRight(invited, `accept-invitation-${language}-${size}`);
    await invited.getByLabel(words.newPassword, { exact: true }).fill("Oars-Before-Dawn-2026");
    await invited.getByLabel(words.confirmPassword).fill("Oars-Before-Dawn-2026");
    await invited.getByRole("button", { name: words.setPassword }).click();
    // Signed in: the console's navigation, wherever the person's role starts.
    await expect(invited.getByRole("navigation").first()).toBeVisible();
    await expect(invited).not.toHaveURL(/accept-invitation|login/);
    await snapshot(invited, `accept-invitation-signed-in-${language}-${size}`);

    // The link worked once.
    await invited.goto(link);
    await expect(invited.getByRole("heading", { name: words.deadLink })).toBeVisible();
  });
}

test("a resent invitation replaces the first: the old link is dead, the new one works", async ({ browser }) => {
  const words = WORDS.en;
  const person = { first: "Berta", last: "Sanz", email: "berta@riverside.example" };
  const admin = await adminIn(browser, "en", "desktop");
  await addStaffMember(admin, "en", person);
  const first = await emailedLink(person.email, "/accept-invitation");

  await admin.goto("/users");
  const row = admin.getByRole("row").filter({ hasText: person.email });
  await expect(row).toContainText(words.pending);
  await row.getByRole("button", { name: words.resend(`${person.first} ${person.last}`) }).click();
  await admin.getByRole("dialog").getByRole("button", { name: words.sendNew }).click();
  await expect(notice(admin)).toContainText(`A new invitation was sent to ${person.email}`);
  const second = await emailedLink(person.email, "/accept-invitation", [first]);

  const visitor = await visitorIn(browser, "en", "desktop");
  await visitor.goto(first);
  await expect(visitor.getByRole("heading", { name: words.deadLink })).toBeVisible();
  await visitor.goto(second);
  await expect(visitor.getByRole("heading", { name: words.welcome(person.first) })).toBeVisible();
});

for (const language of ["en", "es"] as const)
  for (const size of ["desktop", "phone"] as const)
    test(`${language} ${size}: users, roles and a dead invitation link fit the screen and read in words`, async ({
      browser,
    }) => {
      const words = WORDS[language];
      const admin = await adminIn(browser, language, size);
      await admin.goto("/users");
      await expect(admin.getByRole("link", { name: words.addStaff }).first()).toBeVisible();
      if (size === "phone") {
        // Filters wait behind a button, so the list starts on the first screen.
        await expect(admin.getByRole("searchbox")).toBeHidden();
        await admin.getByRole("button", { name: words.filters }).click();
        await expect(admin.getByRole("searchbox")).toBeVisible();
      }
      await looksRight(admin, `users-${language}-${size}`);

      await admin.goto("/roles");
      await expect(admin.getByRole("heading", { level: 1, name: words.rolesTitle })).toBeVisible();
      const adminRole = admin.getByRole("row").filter({ hasText: "Admin" }).filter({ hasNotText: "SuperAdmin" });
      await adminRole.locator("summary").click();
      await expect(adminRole.getByText(words.seeMembers, { exact: true })).toBeVisible();
      await looksRight(admin, `roles-${language}-${size}`);

      const visitor = await visitorIn(browser, language, size);
      await visitor.goto("/accept-invitation?token=not-a-real-token");
      await expect(visitor.getByRole("heading", { name: words.deadLink })).toBeVisible();
      await looksRight(visitor, `accept-invitation-invalid-${language}-${size}`);
    });
