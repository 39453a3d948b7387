import type { Browser, BrowserContext, Page } from "@playwright/test";
import { emailedLink, newestSubject } from "./mailbox";
import {
  admin,
  expectAccessible,
  expectFitsScreen,
  notice,
  readIn,
  signIn,
  snapshot,
  expect as supportExpect,
  test,
  unique,
  uniqueEmail,
  VIEWPORTS,
} from "./support";

/** Sign-in and first renders can take seconds on a machine shared by many runs. */
const expect = supportExpect.configure({ timeout: 30_000 });

// "Add staff member" in one step: the admin adds a person with a role → the invitation reaches their mailbox → they
// choose a password from its link → they are signed in to the console. In English on a laptop and in Spanish on a
// phone, each page fitting the screen and clean for axe; then every page of this area in both languages and sizes.
// Each test invites a person of its own.

// Generous: on a machine shared by many runs, first renders take a while.
test.setTimeout(180_000);

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
    resend: (name: string) => `Resend invitation to ${name}`,
    sendNew: "Send a new invitation",
    filters: "Filters",
    status: "Status",
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
    resend: (name: string) => `Reenviar invitación a ${name}`,
    sendNew: "Enviar una invitación nueva",
    filters: "Filtros",
    status: "Estado",
    rolesTitle: "Roles",
    seeMembers: "Ver los socios",
  },
} as const;

/** Checks the page as a person sees it at this size: nothing wider than the screen, no serious axe violation. */
async function looksRight(page: Page, name: string): Promise<void> {
  await expectFitsScreen(page);
  await expectAccessible(page, { within: "main" });
  await snapshot(page, name);
}

let managerSession: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;

/** The super-administrator's page in `language` at `size`, sharing one sign-in across the tests. */
async function adminIn(browser: Browser, language: Language, size: Size): Promise<Page> {
  if (!managerSession) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, admin.email, admin.password);
    await expect(page.getByRole("navigation").first()).toBeVisible();
    managerSession = await context.storageState();
    await context.close();
  }
  const page = await (await browser.newContext({ storageState: managerSession, viewport: VIEWPORTS[size] })).newPage();
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
    const person = { first: "Andrés", last: unique(`Romero ${language}`), email: uniqueEmail(`ana.${language}`) };
    const manager = await adminIn(browser, language, size);
    await manager.goto("/staff/new");
    await looksRight(manager, `staff-new-${language}-${size}`);
    await addStaffMember(manager, language, person);
    await looksRight(manager, `staff-added-${language}-${size}`);

    expect(await newestSubject(person.email)).toContain("staff console");
    const link = await emailedLink(person.email, "/accept-invitation");
    const invited = await visitorIn(browser, language, size);
    await invited.goto(link);
    await expect(invited.getByRole("heading", { name: words.welcome(person.first) })).toBeVisible();
    await looksRight(invited, `accept-invitation-${language}-${size}`);
    await invited.getByLabel(words.newPassword, { exact: true }).fill("Oars-Before-Dawn-2026");
    await invited.getByLabel(words.confirmPassword).fill("Oars-Before-Dawn-2026");
    await invited.getByRole("button", { name: words.setPassword }).click();
    // Signed in: the console's frame, wherever the person's role starts (on a phone its navigation is folded away).
    await expect(invited.locator(".shell main")).toBeVisible();
    await expect(invited).not.toHaveURL(/accept-invitation|login/);
    await snapshot(invited, `accept-invitation-signed-in-${language}-${size}`);

    // The link worked once. (Signing in set the console to the person's own language, the club's: read in this
    // run's language again.)
    await readIn(invited, language);
    await invited.goto(link);
    await expect(invited.getByRole("heading", { name: words.deadLink })).toBeVisible();
  });
}

test("a resent invitation replaces the first: the old link is dead, the new one works", async ({ browser }) => {
  const words = WORDS.en;
  const person = { first: "Berta", last: unique("Sanz"), email: uniqueEmail("berta") };
  const manager = await adminIn(browser, "en", "desktop");
  await addStaffMember(manager, "en", person);
  const first = await emailedLink(person.email, "/accept-invitation");

  await manager.goto("/users");
  await manager.getByLabel("Search").fill(person.email);
  const row = manager.getByRole("row").filter({ hasText: person.email });
  await expect(row).toContainText(words.pending);
  await row.getByRole("button", { name: words.resend(`${person.first} ${person.last}`) }).click();
  await manager.getByRole("dialog").getByRole("button", { name: words.sendNew }).click();
  await expect(notice(manager)).toContainText(`A new invitation was sent to ${person.email}`);
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
      const manager = await adminIn(browser, language, size);
      await manager.goto("/users");
      await expect(manager.getByRole("link", { name: words.addStaff }).first()).toBeVisible();
      if (size === "phone") {
        // The search stays in view; the filters wait behind a button, so the list starts on the first screen.
        await expect(manager.getByRole("searchbox")).toBeVisible();
        await expect(manager.getByLabel(words.status)).toBeHidden();
        await manager.getByRole("button", { name: words.filters }).click();
        await expect(manager.getByLabel(words.status)).toBeVisible();
      }
      await looksRight(manager, `users-${language}-${size}`);

      await manager.goto("/roles");
      await expect(manager.getByRole("heading", { level: 1, name: words.rolesTitle })).toBeVisible();
      const adminRole = manager.getByRole("row").filter({ hasText: "Admin" }).filter({ hasNotText: "SuperAdmin" });
      await adminRole.locator("summary").click();
      await expect(adminRole.getByText(words.seeMembers, { exact: true })).toBeVisible();
      await looksRight(manager, `roles-${language}-${size}`);

      const visitor = await visitorIn(browser, language, size);
      await visitor.goto("/accept-invitation?token=not-a-real-token");
      await expect(visitor.getByRole("heading", { name: words.deadLink })).toBeVisible();
      await looksRight(visitor, `accept-invitation-invalid-${language}-${size}`);
    });
