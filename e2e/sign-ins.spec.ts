import type { Browser } from "@playwright/test";
import {
  adminPage,
  apiAs,
  expect,
  expectAccessible,
  expectFitsScreen,
  signIn,
  snapshot,
  test,
  uniqueEmail,
  VIEWPORTS,
} from "./support";

// Issue 28 item 9: where a person is signed in, one sign-in ended from another device, then every one.

const LAPTOP = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const TEMPORARY = "Lantern-Harbour-Quiet-41";
const CHOSEN = "Quill-Meadow-Orchard-58";

/** An employee account with a password of its own, made through the API. */
async function employee(browser: Browser): Promise<string> {
  const admin = await adminPage(browser);
  const api = await apiAs(admin);
  const email = uniqueEmail("sara.sesiones");
  const username = email.split("@")[0] ?? "sara";
  await api("POST", "/api/users", {
    email,
    username,
    firstName: "Sara",
    lastName: "Sesiones",
    password: TEMPORARY,
    roles: ["Employee"],
  });
  const login = await admin.request.post("/api/auth/login", {
    data: { email, password: TEMPORARY, refreshTokenTransport: "body" },
  });
  const { accessToken } = await login.json();
  const changed = await admin.request.post("/api/auth/change-password", {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { currentPassword: TEMPORARY, newPassword: CHOSEN },
  });
  expect(changed.ok()).toBe(true);
  await admin.context().close();
  return email;
}

test("your sign-ins, on a phone: the laptop's ended from here, then every one", async ({ browser }) => {
  const email = await employee(browser);
  const laptop = await (await browser.newContext({ userAgent: LAPTOP, viewport: VIEWPORTS.desktop })).newPage();
  await signIn(laptop, email, CHOSEN);
  await expect(laptop).not.toHaveURL(/\/login/, { timeout: 60_000 });
  const phone = await (await browser.newContext({ userAgent: PHONE, viewport: VIEWPORTS.phone })).newPage();
  await signIn(phone, email, CHOSEN);
  await expect(phone).not.toHaveURL(/\/login/, { timeout: 60_000 });

  await phone.goto("/sign-ins");
  await expect(phone.getByRole("heading", { level: 1, name: "Your sign-ins" })).toBeVisible();
  const here = phone.getByRole("listitem", { name: "Chrome on Android" });
  const there = phone.getByRole("listitem", { name: "Firefox on Linux" });
  await expect(here).toContainText("This one");
  await expect(here.getByRole("button")).toHaveCount(0);
  await expect(there).toContainText("Signed in");
  await expectFitsScreen(phone);
  await expectAccessible(phone);
  await snapshot(phone, "sign-ins-phone");

  await there.getByRole("button", { name: "Sign out: Firefox on Linux" }).click();
  await expect(there).toHaveCount(0);
  // The laptop is signed out: its next page asks for the password.
  await laptop.goto("/dashboard");
  await expect(laptop).toHaveURL(/\/login/, { timeout: 30_000 });

  await phone.getByRole("button", { name: "Sign out everywhere" }).click();
  const dialog = phone.getByRole("dialog", { name: "Sign out everywhere?" });
  await expect(dialog).toContainText("this one too");
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(phone).toHaveURL(/\/login/);
  await laptop.context().close();
  await phone.context().close();
});
