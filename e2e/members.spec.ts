import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import {
  adminPage,
  apiAs,
  errorSummary,
  expect,
  holdRequests,
  navigation,
  notice,
  onOwnServer,
  signIn,
  snapshot,
  test,
} from "./support";

// Plans, members, subscriptions and the dashboard, in order on an installation of its own: it starts from an empty
// club, and its lists, export and statistics count every member.
onOwnServer({ serial: true });

const ana = {
  firstName: "Ana",
  lastName: "García López",
  email: "ana.garcia@riverside.example",
  phone: "+34 612 34 56 78",
};
const anaName = `${ana.firstName} ${ana.lastName}`;
const bruno = { firstName: "Bruno", lastName: "Díaz", email: "bruno@riverside.example" };

async function openMember(page: Page, name: string) {
  await page.goto("/members");
  await page.getByLabel("Search").fill(name);
  await page.getByRole("link", { name, exact: true }).click();
}

test("before anything exists: empty dashboard, plans and members, with loading and error states", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  for (const entry of ["Dashboard", "Members", "Plans"])
    await expect(navigation(page).getByRole("link", { name: entry })).toBeVisible();

  // The dashboard is the administrator's home: loaded again while the statistics are held, it shows its loading state.
  const releaseStatistics = await holdRequests(page, /\/api\/members\/statistics$/);
  await page.reload();
  await expect(page.getByRole("status", { name: "Loading the charts…" }).first()).toBeVisible();
  await snapshot(page, "dashboard-loading");
  releaseStatistics();
  await expect(page.getByText("No members yet")).toBeVisible();
  await expect(page.getByRole("region", { name: "Monthly revenue" })).toContainText("€0.00");
  await snapshot(page, "dashboard-empty");

  await navigation(page).getByRole("link", { name: "Plans" }).click();
  await expect(page.getByText("No plans yet")).toBeVisible();
  await snapshot(page, "plans-empty");

  // A failing list says so and offers to try again (the console retries server errors twice first).
  await page.route(/\/api\/members\?/, (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/problem+json",
      json: { status: 503, title: "Service Unavailable" },
    }),
  );
  await navigation(page).getByRole("link", { name: "Members" }).click();
  await expect(errorSummary(page)).toContainText("The service is unavailable at the moment.", { timeout: 15_000 });
  await snapshot(page, "members-error");
  await page.unroute(/\/api\/members\?/);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("No members yet")).toBeVisible();
  await snapshot(page, "members-empty");
});

test("plans: create with benefits (validation and a duplicate code shown on the field), edit", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto("/plans");
  await page.getByRole("button", { name: "New plan" }).click();
  const dialog = page.getByRole("dialog", { name: "New plan" });
  await dialog.getByRole("button", { name: "+ Add benefit" }).click();
  await dialog.getByRole("button", { name: "Create plan" }).click();
  await expect(errorSummary(dialog)).toContainText("Name: Required.");
  await expect(errorSummary(dialog)).toContainText("Code: Use 2 to 30 letters, digits, dashes or underscores.");
  await expect(errorSummary(dialog)).toContainText("Benefit 1: Required.");
  await expect(dialog.getByLabel("Monthly price")).toHaveAttribute("aria-invalid", "true");
  await snapshot(page, "plans-new-errors");

  await dialog.getByLabel("Name").fill("Gold");
  await dialog.getByLabel("Code").fill("gold");
  await dialog.getByLabel("Description (optional)").fill("Everything, all day.");
  await dialog.getByLabel("Monthly price").fill("49.90");
  await dialog.getByLabel("Quarterly price (optional)").fill("134.50");
  await dialog.getByLabel("Benefit 1", { exact: true }).fill("Pool");
  await dialog.getByRole("button", { name: "+ Add benefit" }).click();
  await dialog.getByLabel("Benefit 2", { exact: true }).fill("Gym");
  await dialog.getByRole("button", { name: "+ Add benefit" }).click();
  await dialog.getByLabel("Benefit 3", { exact: true }).fill("Sauna");
  await dialog.getByLabel("Benefit 3 description").fill("Finnish, 90 °C");
  await dialog.getByRole("button", { name: "Move benefit 3 up" }).click();
  await expect(dialog.getByLabel("Benefit 2", { exact: true })).toHaveValue("Sauna");
  await dialog.getByRole("button", { name: "Remove benefit 3" }).click();
  await expect(dialog.getByLabel("Benefit 3", { exact: true })).toHaveCount(0);
  await snapshot(page, "plans-new");
  await dialog.getByRole("button", { name: "Create plan" }).click();
  await expect(notice(page)).toContainText("Plan Gold created.");

  const gold = page.getByRole("row").filter({ hasText: "GOLD" });
  await expect(gold).toContainText("€49.90");
  await expect(gold).toContainText("€134.50");
  // No annual price: 12 × monthly, worked out in cents.
  await expect(gold).toContainText("€598.80");
  await expect(gold).toContainText("2 benefits");

  await page.getByRole("button", { name: "New plan" }).click();
  const basic = page.getByRole("dialog", { name: "New plan" });
  await basic.getByLabel("Name").fill("Basic");
  await basic.getByLabel("Code").fill("GOLD");
  await basic.getByLabel("Monthly price").fill("20");
  await basic.getByRole("button", { name: "Create plan" }).click();
  const code = basic.getByLabel("Code");
  await expect(code).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await code.getAttribute("aria-describedby")) ?? "";
  await expect(page.locator(`[id="${describedBy.split(" ").at(-1)}"]`)).toHaveText(
    "Another plan already uses that code.",
  );
  await snapshot(page, "plans-duplicate-code");
  await code.fill("basic");
  await basic.getByRole("button", { name: "Create plan" }).click();
  await expect(notice(page)).toContainText("Plan Basic created.");
  await expect(page.getByRole("row").filter({ hasText: "BASIC" })).toContainText("€20.00");

  await page.getByRole("button", { name: "Edit plan Gold" }).click();
  const edit = page.getByRole("dialog", { name: "Edit plan Gold" });
  await expect(edit.getByLabel("Benefit 1", { exact: true })).toHaveValue("Pool");
  await expect(edit.getByLabel("Benefit 2", { exact: true })).toHaveValue("Sauna");
  await expect(edit.getByLabel("Benefit 2 description")).toHaveValue("Finnish, 90 °C");
  await edit.getByLabel("Description (optional)").fill("Every facility, every day.");
  await edit.getByRole("button", { name: "Save plan" }).click();
  await expect(notice(page)).toContainText("Plan Gold saved.");
  await expect(gold).toContainText("Every facility, every day.");
  await snapshot(page, "plans");
});

test("members: create → subscribe → change plan with the proration preview → renew → cancel", async ({ browser }) => {
  const page = await adminPage(browser);
  await navigation(page).getByRole("link", { name: "Members" }).click();
  await page.getByRole("button", { name: "New member" }).click();
  const create = page.getByRole("dialog", { name: "New member" });
  await create.getByLabel("First name").fill(ana.firstName);
  await create.getByLabel("Last name").fill(ana.lastName);
  await create.getByLabel("Email").fill(ana.email);
  await create.getByLabel("Phone (optional)").fill(ana.phone);
  await create.getByLabel("Birth date (optional)").fill("1990-04-23");
  await create.getByLabel("Notes (optional)").fill("Prefers mornings.");
  await snapshot(page, "members-new");
  await create.getByRole("button", { name: "Create member" }).click();

  await expect(page.getByRole("heading", { level: 1, name: anaName })).toBeVisible();
  await expect(page).toHaveURL(/\/members\/[0-9a-f-]{36}$/);
  const current = page.getByRole("region", { name: "Current subscription" });
  await expect(current).toContainText("No subscription in force");
  await expect(page.getByRole("region", { name: "Subscription history" })).toContainText("No subscriptions yet");
  await snapshot(page, "member-detail-new");

  await current.getByRole("button", { name: "Subscribe" }).click();
  const subscribe = page.getByRole("dialog", { name: "New subscription" });
  await subscribe.getByRole("button", { name: "Subscribe" }).click();
  await expect(subscribe.getByLabel("Plan", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await subscribe.getByLabel("Plan", { exact: true }).selectOption({ label: "Basic (BASIC)" });
  await expect(subscribe.getByLabel("Billing period")).toContainText("Quarterly · €60.00");
  await subscribe.getByRole("checkbox", { name: /^Renew automatically/ }).uncheck();
  await snapshot(page, "member-subscribe");
  await subscribe.getByRole("button", { name: "Subscribe" }).click();
  await expect(notice(page)).toContainText("Subscribed to Basic (monthly)");
  await expect(current).toContainText("Basic");
  await expect(current).toContainText("€20.00");

  // The change is priced before it is made: a change on the term's first day credits all of it.
  await current.getByRole("button", { name: "Change plan" }).click();
  const change = page.getByRole("dialog", { name: "Change plan of Basic (monthly)" });
  const preview = change.getByRole("region", { name: "Price of the change" });
  await expect(preview).toContainText("Choose a plan");
  await change.getByLabel("Plan", { exact: true }).selectOption({ label: "Basic (BASIC)" });
  await expect(preview).toContainText("That is the current plan and billing period.");
  await change.getByLabel("Plan", { exact: true }).selectOption({ label: "Gold (GOLD)" });
  await expect(preview).toContainText("New price (monthly)€49.90");
  await expect(preview).toContainText("Credit for the unused part of Basic− €20.00");
  await expect(preview).toContainText("Amount due now€29.90");
  await snapshot(page, "member-change-plan");
  await change.getByRole("button", { name: "Change plan" }).click();
  await expect(notice(page)).toContainText("Plan changed to Gold (monthly)");
  await expect(current).toContainText("Gold");
  const history = page.getByRole("region", { name: "Subscription history" });
  await expect(history.getByRole("row").filter({ hasText: "Gold" })).toContainText("Credit €20.00");
  await expect(history.getByRole("row").filter({ hasText: "Basic" })).toContainText("Canceled");

  await current.getByRole("button", { name: "Renew" }).click();
  await page.getByRole("dialog", { name: "Renew Gold (monthly)?" }).getByRole("button", { name: "Renew" }).click();
  await expect(notice(page)).toContainText("Renewed: the next term runs from");
  await expect(current).toContainText("Already renewed");
  await expect(history.getByRole("row").filter({ hasText: "Upcoming" })).toHaveCount(1);
  await snapshot(page, "member-detail");

  // A member with a subscription in force cannot be deleted: the dialog and the API say why.
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const remove = page.getByRole("dialog", { name: `Delete ${anaName}?` });
  await expect(remove).toContainText("cancel it first");
  await remove.getByRole("button", { name: "Delete member" }).click();
  await expect(errorSummary(remove)).toHaveText("The member has a subscription in force. Cancel it first.");
  await snapshot(page, "member-delete-refused");
  await remove.getByRole("button", { name: "Cancel" }).click();

  await current.getByRole("button", { name: "Cancel subscription" }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel Gold (monthly)?" });
  await cancel.getByLabel("Reason (optional)").fill("Moving abroad.");
  await snapshot(page, "member-cancel");
  await cancel.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(notice(page)).toContainText("The Gold (monthly) subscription is canceled.");
  await expect(current).toContainText("No subscription in force");
  await expect(history.getByRole("row").filter({ hasText: "Canceled" })).toHaveCount(3);
  // A canceled term shows when it was canceled, not the end it had.
  await expect(history.getByRole("row").filter({ hasText: "Canceled on" })).toHaveCount(3);

  // With her only subscription canceled, Ana is inactive; suspending needs a reason.
  await expect(page.locator(".page-lead")).toContainText("Inactive");
  await page.getByRole("button", { name: "Suspend", exact: true }).click();
  const status = page.getByRole("dialog", { name: `Suspend ${anaName}` });
  await status.getByRole("button", { name: "Suspend", exact: true }).click();
  await expect(status.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  await expect(errorSummary(status)).toContainText("Reason: Say why the member is suspended.");
  await status.getByLabel("Reason").fill("Unpaid fees.");
  await snapshot(page, "member-suspend");
  await status.getByRole("button", { name: "Suspend", exact: true }).click();
  await expect(notice(page)).toContainText(`${anaName} is now suspended.`);
  await expect(page.locator(".page-lead")).toContainText("Suspended");
});

test("members: enroll a new member with their first plan in one step", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto("/members");
  await page.getByRole("button", { name: "Enroll" }).click();
  const enroll = page.getByRole("dialog", { name: "Enroll a member" });
  await enroll.getByLabel("First name").fill(bruno.firstName);
  await enroll.getByLabel("Last name").fill(bruno.lastName);
  await enroll.getByLabel("Email").fill(ana.email);
  await enroll.getByLabel("Plan", { exact: true }).selectOption({ label: "Gold (GOLD)" });
  await enroll.getByLabel("Billing period").selectOption("annual");
  await enroll.getByRole("button", { name: "Enroll" }).click();
  // The nested field errors of the enrollment (member.email) land on their field.
  await expect(enroll.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(errorSummary(enroll)).toContainText("Email: Another member already uses that email address.");
  await snapshot(page, "members-enroll-duplicate");
  await enroll.getByLabel("Email").fill(bruno.email);
  await enroll.getByRole("group", { name: "First subscription" }).scrollIntoViewIfNeeded();
  await snapshot(page, "members-enroll");
  await enroll.getByRole("button", { name: "Enroll" }).click();

  await expect(page.getByRole("heading", { level: 1, name: `${bruno.firstName} ${bruno.lastName}` })).toBeVisible();
  const current = page.getByRole("region", { name: "Current subscription" });
  await expect(current).toContainText("Gold");
  await expect(current).toContainText("€598.80");
  await expect(current).toContainText("Auto-renewalOn");
});

test("members list: debounced search, sortable columns, status filter, pages; deleting a member", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  const api = await apiAs(page);
  for (let number = 1; number <= 22; number++) {
    const two = String(number).padStart(2, "0");
    await api("POST", "/api/members", {
      firstName: "Seed",
      lastName: `Member ${two}`,
      email: `seed-${two}@riverside.example`,
    });
  }
  await api("POST", "/api/members", { firstName: "Carla", lastName: "Temporal", email: "carla@riverside.example" });

  const releaseList = await holdRequests(page, /\/api\/members\?/);
  await page.goto("/members");
  const table = page.getByRole("region", { name: "Members" });
  await expect(table.locator(".skeleton-row").first()).toBeAttached();
  await snapshot(page, "members-loading");
  releaseList();
  await expect(table).toContainText("25 members · page 1 of 2");
  const name = page.getByRole("columnheader", { name: "Name" });
  await expect(name).toHaveAttribute("aria-sort", "ascending");
  await expect(table.getByRole("row").nth(1)).toContainText("Bruno Díaz");

  await page.getByRole("button", { name: "Email" }).click();
  await expect(page.getByRole("columnheader", { name: "Email" })).toHaveAttribute("aria-sort", "ascending");
  await expect(name).not.toHaveAttribute("aria-sort");
  await page.getByRole("button", { name: "Email" }).click();
  await expect(page.getByRole("columnheader", { name: "Email" })).toHaveAttribute("aria-sort", "descending");
  await expect(table.getByRole("row").nth(1)).toContainText("seed-22@riverside.example");
  await snapshot(page, "members-sorted");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(table).toContainText("page 2 of 2");
  await expect(table.getByRole("row").last()).toContainText("ana.garcia@riverside.example");

  await page.getByLabel("Search").fill("garcía ana");
  await expect(table).toContainText("1 member · page 1 of 1");
  await expect(table).toContainText(anaName);
  await page.getByLabel("Search").fill("");
  await page.getByLabel("Status").selectOption("suspended");
  await expect(table).toContainText("1 member · page 1 of 1");
  await page.getByLabel("Search").fill("nobody like this");
  await expect(page.getByText("No members match")).toBeVisible();
  await page.getByLabel("Search").fill("");
  await page.getByLabel("Status").selectOption("");
  await expect(table).toContainText("25 members");
  await snapshot(page, "members");

  const releaseMember = await holdRequests(page, /\/api\/members\/[0-9a-f-]{36}$/);
  await openMember(page, "Carla Temporal");
  await expect(page.getByRole("status", { name: "Loading the member…" })).toBeVisible();
  await snapshot(page, "member-detail-loading");
  releaseMember();
  await expect(page.getByRole("heading", { level: 1, name: "Carla Temporal" })).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Delete Carla Temporal?" })
    .getByRole("button", { name: "Delete member" })
    .click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(table).toContainText("24 members");
  await page.goto("/members/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("This member does not exist, or has been deleted.")).toBeVisible();
  await snapshot(page, "member-not-found");
});

test("members export: the filtered list streams to a CSV file with progress", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto("/members");
  await page.getByLabel("Status").selectOption("suspended");
  await expect(page.getByRole("region", { name: "Members" })).toContainText("1 member");

  const releaseExport = await holdRequests(page, /\/api\/members\/export\?/);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const progress = page.getByRole("region", { name: "CSV export" });
  await expect(progress).toContainText("Exporting members to CSV…");
  await expect(progress.getByRole("progressbar", { name: "Export progress" })).toBeVisible();
  await snapshot(page, "members-export-progress");
  releaseExport();

  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^members-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await file.path(), "utf8")).split("\r\n");
  expect(lines[0]).toBe(
    "\uFEFFid,firstName,lastName,email,phone,birthDate,status,joinedOn,planCode,planName,subscriptionEndsAt,notes,createdAt",
  );
  expect(lines[1]).toContain(`,${ana.firstName},${ana.lastName},${ana.email},${ana.phone},1990-04-23,suspended,`);
  expect(lines.slice(2)).toEqual([""]);
  await expect(notice(page)).toContainText(/Exported 1 member \(\d+ B\) to members-\d{4}-\d{2}-\d{2}\.csv\./);
  await snapshot(page, "members-exported");
});

test("plans: deactivation asks first, and a deactivated plan takes no new subscription", async ({ browser }) => {
  // The subscribe dialog is opened while Basic is still active…
  const memberPage = await adminPage(browser);
  await openMember(memberPage, "Seed Member 01");
  await memberPage
    .getByRole("region", { name: "Current subscription" })
    .getByRole("button", { name: "Subscribe" })
    .click();
  const subscribe = memberPage.getByRole("dialog", { name: "New subscription" });
  await subscribe.getByLabel("Plan", { exact: true }).selectOption({ label: "Basic (BASIC)" });

  // …then Basic is deactivated on the plans page.
  const page = await adminPage(browser);
  await page.goto("/plans");
  await page.getByRole("button", { name: "Deactivate plan Basic" }).click();
  const dialog = page.getByRole("dialog", { name: "Deactivate plan Basic?" });
  await expect(dialog).toContainText("Nobody is subscribed to it now.");
  await snapshot(page, "plans-deactivate");
  await dialog.getByRole("button", { name: "Deactivate plan" }).click();
  await expect(notice(page)).toContainText("Plan Basic deactivated.");
  const basic = page.getByRole("row").filter({ hasText: "BASIC" });
  await expect(basic).toContainText("Deactivated");
  await expect(page.getByRole("button", { name: "Deactivate plan Basic" })).toHaveCount(0);
  await page.getByLabel("Show").selectOption("true");
  await expect(basic).toHaveCount(0);
  // Bruno's term is on Gold: the active subscriptions column counts it.
  await expect(page.getByRole("row").filter({ hasText: "GOLD" }).getByRole("cell").nth(4)).toHaveText("1");

  await subscribe.getByRole("button", { name: "Subscribe" }).click();
  await expect(subscribe.getByLabel("Plan", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(errorSummary(subscribe)).toContainText("That plan is deactivated. Choose another one.");
  await snapshot(memberPage, "member-subscribe-plan-inactive");
});

test("the dashboard draws the statistics as accessible charts", async ({ browser }) => {
  const page = await adminPage(browser);
  await navigation(page).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("region", { name: "Members", exact: true })).toContainText("24");
  // Bruno alone has a subscription in force; the members created without one are inactive.
  await expect(page.getByRole("region", { name: "Paying members" })).toContainText("1");
  await expect(page.getByRole("region", { name: "New this month" })).toContainText("24");
  // Bruno's annual Gold term: 598.80 ÷ 12 a month.
  await expect(page.getByRole("region", { name: "Monthly revenue" })).toContainText("€49.90");
  await expect(page.getByRole("img", { name: /^Members by status:/ })).toHaveAttribute(
    "aria-label",
    "Members by status: Active 1 member, Inactive 22 members, Suspended 1 member, Expired 0 members.",
  );
  await expect(page.getByRole("img", { name: /^Active subscriptions by plan:/ })).toHaveAttribute(
    "aria-label",
    "Active subscriptions by plan: Gold 1 subscription.",
  );
  await expect(page.getByRole("table", { name: "Members by status" })).toContainText("Suspended1");
  await snapshot(page, "dashboard");
});

test("without write permissions the pages show the data and hide the actions", async ({ browser }) => {
  const admin = await adminPage(browser);
  const api = await apiAs(admin);
  await api("POST", "/api/roles", {
    name: "Front desk viewer",
    permissions: ["members:read", "plans:read", "subscriptions:read"],
  });
  const viewer = { email: "desk@riverside.example", temporary: "Harbour-Lights-2024", own: "Morning-Tide-Rises-8" };
  await api("POST", "/api/users", {
    firstName: "Dana",
    lastName: "Desk",
    email: viewer.email,
    username: "dana.desk",
    password: viewer.temporary,
    roles: ["Front desk viewer"],
  });

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, viewer.email, viewer.temporary);
  await page.getByLabel("Temporary password").fill(viewer.temporary);
  await page.getByLabel("New password", { exact: true }).fill(viewer.own);
  await page.getByLabel("Confirm new password").fill(viewer.own);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/members$/);
  for (const entry of ["Dashboard", "Members", "Plans"])
    await expect(navigation(page).getByRole("link", { name: entry })).toBeVisible();
  await expect(navigation(page).getByRole("link", { name: "Users" })).toHaveCount(0);

  await navigation(page).getByRole("link", { name: "Plans" }).click();
  await expect(page.getByRole("row").filter({ hasText: "GOLD" })).toBeVisible();
  await expect(page.getByRole("button", { name: "New plan" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^(Edit|Deactivate) plan/ })).toHaveCount(0);

  await openMember(page, anaName);
  await expect(page.getByRole("region", { name: "Subscription history" }).getByRole("row")).toHaveCount(4);
  for (const action of ["Edit", "Lift suspension", "Suspend", "Delete", "Subscribe", "Renew Gold"]) {
    await expect(page.getByRole("button", { name: action, exact: true })).toHaveCount(0);
  }
  await snapshot(page, "member-detail-readonly");
  await page.goto("/members");
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
  for (const action of ["Enroll", "New member"])
    await expect(page.getByRole("button", { name: action })).toHaveCount(0);
  await context.close();
});

test("members: a stale edit is refused, says someone else changed the member, and reloads it", async ({ browser }) => {
  const page = await adminPage(browser);
  const api = await apiAs(page);
  const carla = {
    firstName: "Carla",
    lastName: "Stale",
    email: "carla.stale@riverside.example",
    phone: "+34 600 11 11 11",
  };
  const created = await api("POST", "/api/members", carla);
  await openMember(page, "Carla Stale");
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit Carla Stale" });
  await expect(edit.getByLabel("Phone (optional)")).toHaveValue(carla.phone);

  // Another client saves a new phone while the dialog is open.
  await api("PUT", `/api/members/${created.id}`, { ...carla, phone: "+34 699 22 22 22" });
  await edit.getByLabel("First name").fill("Carlota");
  await edit.getByRole("button", { name: "Save member" }).click();
  await expect(errorSummary(edit)).toContainText("Someone else changed this record while you were editing it.");
  await snapshot(page, "member-edit-stale");

  await edit.getByRole("button", { name: "Reload the current version" }).click();
  await expect(edit.getByLabel("Phone (optional)")).toHaveValue("+34 699 22 22 22");
  await expect(edit.getByLabel("First name")).toHaveValue("Carla");
  await edit.getByLabel("First name").fill("Carlota");
  await edit.getByRole("button", { name: "Save member" }).click();
  await expect(notice(page)).toContainText("Carlota Stale's details saved.");
  const stored = await api("GET", `/api/members/${created.id}`);
  expect(stored).toMatchObject({ firstName: "Carlota", phone: "+34 699 22 22 22", version: 3 });
});
