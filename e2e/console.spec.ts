import type { Page } from "@playwright/test";
import {
  admin,
  adminPage,
  consoleCredentialsOf,
  expect,
  sessionTokenId,
  signIn,
  signInAsAdmin,
  signOut,
  snapshot,
  test,
  unique,
  uniqueEmail,
} from "./support";

const errorSummary = (page: Page) => page.locator(".error-summary[role=alert]");

/** A staff user of this worker's own (the users list is searched for them: other workers add users meanwhile). */
const staff = {
  firstName: "Sam",
  lastName: unique("Rivers"),
  email: uniqueEmail("sam"),
  username: uniqueEmail("sam").split("@")[0] ?? "",
  temporaryPassword: "Temporary-Pass-2024",
  ownPassword: "Oars-Before-Dawn-7",
};

/** The users page, showing the users whose name or email has `text`. */
async function usersMatching(page: Page, text: string) {
  await page.goto("/users");
  await page.getByLabel("Search").fill(text);
}

test("a wrong password gets a clear error", async ({ page }) => {
  await signIn(page, admin.email, "not-the-password");
  await expect(errorSummary(page)).toHaveText("The email or password is incorrect.");
  await expect(page).toHaveURL(/\/login$/);
  await snapshot(page, "login-wrong-password");
});

test("the system health page shows every dependency Healthy", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "System health" }).click();
  const dependencies = page.getByRole("list", { name: "Services" }).getByRole("listitem");
  await expect(dependencies).toHaveCount(5);
  for (const name of ["Database", "Cache", "File storage", "Analytics", "Email"]) {
    await expect(dependencies.filter({ hasText: name })).toContainText("Working");
  }
  await snapshot(page, "health");
});

// One staff user's life, in order: created and forced to change the temporary password, blocked, their email changed.
test.describe("a staff user", () => {
  test.describe.configure({ mode: "serial" });

  test("a new user signs in with a temporary password, must change it, then lands on the console", async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).click();
    await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
    // Other workers add users meanwhile: the super-administrator is found by email, in a header and one row.
    await page.getByLabel("Search").fill(admin.email);
    await expect(page.getByRole("region", { name: "Users" }).getByRole("row")).toHaveCount(2);
    await snapshot(page, "users");

    await page.getByRole("button", { name: "New user" }).click();
    const dialog = page.getByRole("dialog", { name: "New user" });
    await dialog.getByLabel("First name").fill(staff.firstName);
    await dialog.getByLabel("Last name").fill(staff.lastName);
    await dialog.getByLabel("Email").fill(staff.email);
    await dialog.getByLabel("Username").fill(staff.username);
    await dialog.getByLabel("Temporary password").fill(staff.temporaryPassword);
    await dialog.getByRole("checkbox", { name: /^Employee/ }).check();
    await expect(dialog.getByRole("checkbox", { name: /^User/ })).toBeChecked();
    await snapshot(page, "users-new");
    await dialog.getByRole("button", { name: "Create user" }).click();
    await expect(page.getByRole("status")).toContainText(`${staff.firstName} ${staff.lastName} can now sign in`);
    await page.getByLabel("Search").fill(staff.email);
    const row = page.getByRole("row").filter({ hasText: staff.email });
    await expect(row).toContainText("Temporary password");
    await expect(row).toContainText("Employee");
    await snapshot(page, "users-created");

    // Signing out ends the API login too: a copy of the old session cookie opens nothing.
    const signedInCookies = await page.context().cookies();
    await signOut(page);
    const copied = await browser.newContext();
    await copied.addCookies(signedInCookies);
    const copiedPage = await copied.newPage();
    await copiedPage.goto("/");
    await expect(copiedPage).toHaveURL(/\/login$/);
    await copied.close();

    await signIn(page, staff.email, staff.temporaryPassword);
    await expect(page).toHaveURL(/\/change-password$/);
    await expect(page.getByRole("heading", { name: "Choose your password" })).toBeVisible();
    await page.goto("/users");
    await expect(page).toHaveURL(/\/change-password$/);
    await snapshot(page, "change-password-forced");

    await page.getByLabel("Temporary password").fill(staff.temporaryPassword);
    await page.getByLabel("New password", { exact: true }).fill(staff.ownPassword);
    await page.getByLabel("Confirm new password").fill(staff.ownPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    // An employee starts on their own attendance (console/role-home.ts).
    await expect(page.getByRole("heading", { name: "My attendance" })).toBeVisible();
    await expect(page).toHaveURL(/\/attendance$/);
    const navigation = page.getByRole("navigation", { name: "Main" });
    await expect(navigation.getByRole("link", { name: "My attendance" })).toBeVisible();
    await expect(navigation.getByRole("link", { name: "Users" })).toHaveCount(0);
    await expect(navigation.getByRole("link", { name: "Roles" })).toHaveCount(0);
    await snapshot(page, "overview-staff");
    await page.goto("/users");
    await expect(page.getByText("You do not have access to this page.")).toBeVisible();
    await snapshot(page, "users-forbidden");

    // The session continues on the new tokens, and the new password is the one that works.
    await page.goto("/system");
    await expect(page.getByRole("heading", { name: "System health" })).toBeVisible();
    await signOut(page);
    await signIn(page, staff.email, staff.temporaryPassword);
    await expect(errorSummary(page)).toHaveText("The email or password is incorrect.");
    await signIn(page, staff.email, staff.ownPassword);
    await expect(page.getByRole("heading", { name: "My attendance" })).toBeVisible();
  });

  test("blocking a user signs them out and keeps them out until unblocked", async ({ browser }) => {
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, staff.email, staff.ownPassword);
    await expect(staffPage.getByRole("heading", { name: "My attendance" })).toBeVisible();

    const page = await adminPage(browser);
    await usersMatching(page, staff.email);
    await page.getByRole("button", { name: `Block ${staff.firstName} ${staff.lastName}` }).click();
    const dialog = page.getByRole("dialog", { name: `Block ${staff.firstName} ${staff.lastName}?` });
    await dialog.getByRole("button", { name: "Block user" }).click();
    await expect(dialog.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Reason").fill("Lent the club key to a stranger.");
    await snapshot(page, "users-block");
    await dialog.getByRole("button", { name: "Block user" }).click();
    await expect(page.getByRole("row").filter({ hasText: staff.email })).toContainText("Blocked");

    // The blocked user's open console ends at the next page.
    await staffPage.goto("/system");
    await expect(staffPage.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await signIn(staffPage, staff.email, staff.ownPassword);
    await expect(errorSummary(staffPage)).toHaveText("This account has been blocked. Contact the club's staff.");

    await page.getByRole("button", { name: `Unblock ${staff.firstName} ${staff.lastName}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Unblock" }).click();
    await expect(page.getByRole("row").filter({ hasText: staff.email })).toContainText("Active");
    await signIn(staffPage, staff.email, staff.ownPassword);
    await expect(staffPage.getByRole("heading", { name: "My attendance" })).toBeVisible();
    await staffContext.close();
  });

  test("changing a user's email waits for the new address to confirm it", async ({ browser }) => {
    const page = await adminPage(browser);
    await usersMatching(page, staff.email);
    const name = `${staff.firstName} ${staff.lastName}`;
    const newEmail = uniqueEmail("sam.new");
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${name}` });
    await expect(dialog.getByLabel("Email")).toHaveValue(staff.email);
    await dialog.getByLabel("Email").fill(newEmail);
    await snapshot(page, "users-edit");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toContainText(`A confirmation link was sent to ${newEmail}`);
    const row = page.getByRole("row").filter({ hasText: staff.email });
    await expect(row).toContainText(`New email pending: confirmation sent to ${newEmail}`);
    await snapshot(page, "users-email-change-pending");

    await page.goto("/confirm-email-change?token=not-a-real-token");
    await expect(errorSummary(page)).toContainText("This link is invalid, already used or expired.");
    await snapshot(page, "confirm-email-change-invalid");
  });
});

test("roles: create one with chosen permissions, see it listed, delete it", async ({ browser }) => {
  const page = await adminPage(browser);
  const role = unique("Front desk");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Roles" }).click();
  await expect(page.getByRole("button", { name: "Delete role SuperAdmin" })).toBeDisabled();
  await snapshot(page, "roles");

  await page.getByRole("button", { name: "New role" }).click();
  const dialog = page.getByRole("dialog", { name: "New role" });
  await dialog.getByLabel("Name").fill(role);
  await dialog.getByLabel("Description").fill("Greets members and checks subscriptions.");
  await dialog
    .getByRole("group", { name: "Members", exact: true })
    .getByRole("checkbox", { name: "See members" })
    .check();
  await dialog
    .getByRole("group", { name: "Subscriptions", exact: true })
    .getByRole("checkbox", { name: "All of Subscriptions" })
    .check();
  await snapshot(page, "roles-new");
  await dialog.getByRole("button", { name: "Create role" }).click();
  await expect(page.getByRole("status")).toContainText(`Role ${role} created.`);
  const row = page.getByRole("row").filter({ hasText: role });
  // Permissions read as sentences (roles show what they allow, not codes).
  await expect(row).toContainText("See members");
  await expect(row).toContainText("Renew subscriptions");

  await page.getByRole("button", { name: `Delete role ${role}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete role" }).click();
  await expect(page.getByRole("status")).toContainText(`Role ${role} deleted.`);
  await expect(page.getByRole("row").filter({ hasText: role })).toHaveCount(0);
});

// The page holds no token (docs/api.md, "What the browser holds"): its calls are marked as the console's and the
// proxy attaches the session cookie's token, so the renewal is seen in the session's token id instead.
test("an API call refused for an expired token renews the session once and retries", async ({ page }) => {
  await signInAsAdmin(page);
  const tokenIdBefore = await sessionTokenId(page);
  const calls: ReturnType<typeof consoleCredentialsOf>[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/users") calls.push(consoleCredentialsOf(request.headers()));
  });
  let refused = false;
  await page.route(/\/api\/users\?/, async (route) => {
    if (refused) return route.continue();
    refused = true;
    await route.fulfill({
      status: 401,
      json: { code: "Auth.InvalidToken", message: "The access token is invalid or has expired." },
    });
  });
  const renewal = page.waitForRequest(
    (request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/auth/session",
  );
  await page.goto("/users");
  expect((await renewal).postDataJSON()).toMatchObject({ data: { rejectedAccessTokenId: tokenIdBefore } });
  await expect(page.getByRole("region", { name: "Users" }).getByRole("row").nth(1)).toBeVisible();
  expect(calls).toEqual([{ console: "1" }, { console: "1" }]);
  const tokenIdAfter = await sessionTokenId(page);
  expect(tokenIdAfter).toMatch(/^[\w-]{22}$/);
  expect(tokenIdAfter).not.toBe(tokenIdBefore);
});

test("a revoked session signs the console out", async ({ page }) => {
  await signInAsAdmin(page);
  await page.route(/\/api\/users\?/, (route) =>
    route.fulfill({
      status: 401,
      json: { code: "Auth.TokenRevoked", message: "Your session has ended; please log in again." },
    }),
  );
  await page.goto("/users");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  // Signing out ended the console session as well: the console asks for a sign-in again, then returns to the page.
  await page.goto("/roles");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Froles$/);
});

test("password recovery pages explain what happened", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(staff.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account uses that address");
  await snapshot(page, "forgot-password");

  await page.goto("/reset-password?token=not-a-real-token");
  await page.getByLabel("New password", { exact: true }).fill("Another-Strong-Pass-9");
  await page.getByLabel("Confirm new password").fill("Another-Strong-Pass-9");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(errorSummary(page)).toContainText("This link is invalid, already used or expired.");
  await snapshot(page, "reset-password-invalid");

  await page.goto("/verify-email?token=not-a-real-token");
  await expect(errorSummary(page)).toContainText("This link is invalid, already used or expired.");
  await snapshot(page, "verify-email-invalid");
});
