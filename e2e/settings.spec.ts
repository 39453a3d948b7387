import {
  adminPage,
  adminPageIn,
  apiAs,
  expect,
  expectAccessible,
  expectFitsScreen,
  notice,
  onOwnServer,
  test,
  VIEWPORTS,
} from "./support";

// Issue 16: the club's settings page and each user's language in the account menu, on an installation of its own: the
// club's language and time zone are every user's. Both put back what they change, for the tests after them.
onOwnServer();

test("the account menu closes on Escape and switches the console's language for this user only", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  const api = await apiAs(page);
  const account = page.getByLabel(/^Account:/);
  await account.click();
  const signOut = page.getByRole("button", { name: "Sign out" });
  await expect(signOut).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(signOut).toBeHidden();
  await expect(account).toBeFocused();

  try {
    await account.click();
    await page.getByRole("group", { name: "Language" }).getByRole("button", { name: "Español" }).click();
    // The choice closes the menu and the console speaks it.
    const cuenta = page.getByLabel(/^Cuenta:/);
    await expect(cuenta).toBeVisible();
    await expect(cuenta).toBeFocused();
    expect((await api("GET", "/api/auth/me")).language).toBe("es");

    await cuenta.click();
    const idioma = page.getByRole("group", { name: "Idioma" });
    await expect(idioma.getByRole("button", { name: "Español" })).toHaveAttribute("aria-pressed", "true");
    await idioma.getByRole("button", { name: /^El del club/ }).click();
    await expect(page.getByLabel(/^Account:/)).toBeVisible();
    expect((await api("GET", "/api/auth/me")).language).toBeNull();
  } finally {
    // Later specs sign in as this user: their cookie follows the saved language.
    await api("PUT", "/api/auth/me/language", { language: null });
  }
});

test("the settings page changes the club's language and time zone; the public settings follow", async ({ browser }) => {
  const page = await adminPage(browser);
  const api = await apiAs(page);
  const before = await api("GET", "/api/settings");
  try {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Club settings" })).toBeVisible();
    await page.getByLabel("Time zone").fill("Atlantic/Canary");
    await page.getByLabel("Club language").selectOption("es");
    await page.getByRole("button", { name: "Save settings" }).click();
    // The admin follows the club's language: the page speaks Spanish once saved.
    await expect(notice(page)).toContainText("Ajustes guardados.");
    await expect(page.getByRole("heading", { name: "Ajustes del club" })).toBeVisible();
    const published = await (await page.request.get("/api/settings/public")).json();
    expect(published).toMatchObject({ timeZone: "Atlantic/Canary", defaultLanguage: "es" });

    await page.getByLabel("Zona horaria").fill("Mars/Olympus");
    await page.getByRole("button", { name: "Guardar ajustes" }).click();
    await expect(page.getByLabel("Zona horaria")).toHaveAttribute("aria-invalid", "true");
  } finally {
    const { clubName, description, language, timeZone, currency } = before;
    await api("PUT", "/api/settings", { clubName, description, language, timeZone, currency });
  }
});

for (const language of ["en", "es"] as const)
  test(`the settings page and the open account menu fit a phone and pass axe, in ${language}`, async ({ browser }) => {
    const page = await adminPageIn(browser, language, VIEWPORTS.phone);
    await page.goto("/settings");
    const title = language === "es" ? "Ajustes del club" : "Club settings";
    await expect(page.getByRole("heading", { name: title })).toBeInViewport();
    await expectFitsScreen(page);
    await expectAccessible(page);
    // On a phone the account menu sits in the navigation, folded behind the Menu button.
    await page.getByRole("button", { name: language === "es" ? "Menú" : "Menu" }).click();
    await page.getByLabel(language === "es" ? /^Cuenta:/ : /^Account:/).click();
    await expectAccessible(page);
  });
