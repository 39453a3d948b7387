import type { Locator, Page } from "@playwright/test";
import {
  admin,
  adminPage,
  apiAs,
  errorSummary,
  expect,
  holdRequests,
  navigation,
  runJob,
  snapshot,
  test,
  unique,
  uniqueCode,
  uniqueEmail,
} from "./support";

// The operator's pages: the mail outbox and templates, the audit log and the API reference. Each test makes the data it
// looks at, named as this worker's own.

const CLUB = "Riverside Rowing Club";
const olivia = { firstName: "Olivia", lastName: unique("Outbox"), email: uniqueEmail("olivia.outbox") };
const shiftName = unique("Regatta night shift");

const mailTabs = (page: Page) => page.getByRole("navigation", { name: "Mail" });

/** The outbox row of the mail of `template` to `to`. */
const mailRow = (page: Page, to: string, template: string) =>
  page
    .getByRole("region", { name: "Mail outbox" })
    .getByRole("row")
    .filter({ hasText: to })
    .filter({ hasText: template });

/** Opens an audit entry's details unless they are open (they stay open while the list reloads around them). */
async function openDetails(entry: Locator): Promise<void> {
  if (!(await entry.locator("details").evaluate((details) => (details as HTMLDetailsElement).open)))
    await entry.locator("summary").click();
}

/** Reloads the page until `check` passes: mail is delivered, and audit entries forwarded, in the background. */
async function eventually(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 30_000, intervals: [500, 1_000, 2_000] });
}

test("mail: the outbox lists a welcome and a password reset, each opened in a sandboxed frame", async ({ browser }) => {
  const page = await adminPage(browser);
  const api = await apiAs(page);
  // A welcome mail (enrollment) and a password reset (a one-time link, shown redacted).
  const plan = await api("POST", "/api/plans", {
    name: "Outbox test",
    code: uniqueCode("OUTBOX"),
    monthlyPrice: "15.00",
  });
  await api("POST", "/api/members/enroll", {
    member: olivia,
    subscription: { planId: plan.id, billingPeriod: "monthly" },
  });
  expect((await page.request.post("/api/auth/forgot-password", { data: { email: admin.email } })).status()).toBe(202);

  await navigation(page).getByRole("link", { name: "Mail" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mail" })).toBeVisible();
  await expect(mailTabs(page).getByRole("link", { name: "Outbox" })).toHaveAttribute("aria-current", "page");
  // Each mail names its template in words.
  const welcome = mailRow(page, olivia.email, "Welcome");
  // Other tests ask for the super-administrator's reset too: the newest is this one's.
  const reset = mailRow(page, admin.email, "Password reset").first();
  await eventually(page, async () => {
    await expect(welcome).toContainText("Sent");
    await expect(reset).toContainText("Sent");
  });
  await expect(welcome).toContainText(`Welcome to ${CLUB}`);
  await expect(welcome).toContainText("1 attempt");
  await snapshot(page, "mail-outbox");

  // Search by recipient, then a status nothing has.
  await page.getByLabel("Search").fill(olivia.email);
  await expect(page.getByRole("region", { name: "Mail outbox" }).getByRole("row")).toHaveCount(2);
  await expect(welcome).toBeVisible();
  await page.getByLabel("Status").selectOption("failed");
  await expect(page.getByText("No mail matches")).toBeVisible();
  await snapshot(page, "mail-outbox-no-match");
  await page.getByLabel("Status").selectOption("sent");
  await welcome.getByRole("link", { name: `View the email to ${olivia.email}` }).click();

  await expect(page).toHaveURL(/\/mail\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: `Welcome to ${CLUB}` })).toBeVisible();
  const message = page.getByRole("region", { name: "Message" });
  await expect(message).toContainText(olivia.email);
  await expect(message).toContainText("Sent");
  const frame = page.locator("iframe");
  await expect(frame).toHaveAttribute("sandbox", "");
  const email = page.frameLocator("iframe");
  await expect(email.getByText(`Welcome, ${olivia.firstName}!`)).toBeVisible();
  await expect(email.getByRole("cell", { name: "Outbox test" })).toBeVisible();
  await snapshot(page, "mail-detail-welcome");

  // The reset mail's link is not a working one: the outbox shows it with its token redacted.
  await page.getByRole("link", { name: "← Outbox" }).click();
  await page.getByLabel("Search").fill(admin.email);
  await reset.getByRole("link", { name: `View the email to ${admin.email}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Reset your ${CLUB} password` })).toBeVisible();
  await expect(page.getByText("It is shown prepared again with the link's code replaced")).toBeVisible();
  const resetLink = page.frameLocator("iframe").getByRole("link", { name: "Reset password" });
  await expect(resetLink).toHaveAttribute("href", /redacted/);
  await snapshot(page, "mail-detail-redacted");

  // An address that is no mail's.
  await page.goto("/mail/00000000-0000-4000-8000-000000000009");
  await expect(page.getByText("No such email")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Outbox" })).toHaveAttribute("href", "/mail");
  await snapshot(page, "mail-detail-missing");
});

test("mail: every template previewed with the club's name and sample data", async ({ browser }) => {
  const page = await adminPage(browser);
  const { items: expected } = (await (
    await apiAs(page)
  )("GET", "/api/mail/templates")) as {
    items: { name: string; title: string; sampleProps: { clubName: string } }[];
  };
  expect(expected.map((template) => template.name)).toEqual(
    expect.arrayContaining([
      "welcome",
      "password-reset",
      "email-verification",
      "renewal-reminder",
      "renewal-confirmation",
    ]),
  );

  const releasePreview = await holdRequests(page, /\/api\/mail\/templates\/[a-z-]+\/preview\?/);
  await page.goto("/mail/templates");
  await expect(mailTabs(page).getByRole("link", { name: "Templates" })).toHaveAttribute("aria-current", "page");
  const templates = page.getByRole("list", { name: "Email templates" }).getByRole("button");
  await expect(templates).toHaveCount(expected.length);
  await expect(page.getByRole("status", { name: /^Preparing the preview of / })).toBeVisible();
  await snapshot(page, "mail-templates-loading");
  releasePreview();

  for (const template of expected) {
    const button = templates.filter({ has: page.getByText(template.title, { exact: true }) });
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("region", { name: `Preview of ${template.title}` })).toContainText("Subject:");
    // Rendered with the sample data: its club name is in every template's layout.
    await expect(page.frameLocator(`iframe[title^="Preview of ${template.title}:"]`).locator("body")).toContainText(
      template.sampleProps.clubName,
    );
    await snapshot(page, `mail-template-${template.name}`);
  }
  await page.locator("summary", { hasText: "Sample data" }).click();
  await expect(page.locator("details pre")).toContainText(`"clubName": "${expected.at(-1)!.sampleProps.clubName}"`);
  await snapshot(page, "mail-template-sample-data");
});

test("audit log: entries in sentences, Warning and worse stand out, filters narrow, an entry's data opens", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  const api = await apiAs(page);
  // A Warning entry: deleting a shift type (docs/api.md, Employees … Errors and audit entries).
  const shift = await api("POST", "/api/shift-types", { name: shiftName, shiftStart: "20:00", shiftEnd: "23:30" });
  await api("DELETE", `/api/shift-types/${shift.id}`);
  // The forwarder runs every minute; run it now rather than wait.
  await runJob(page, "forward-audit-log");

  const releaseEntries = await holdRequests(page, /\/api\/audit-logs\?/);
  await navigation(page).getByRole("link", { name: "Audit log" }).click();
  const entries = page.getByRole("region", { name: "Audit entries" });
  await expect(entries.getByRole("status", { name: "Loading the entries…" })).toBeVisible();
  await snapshot(page, "audit-loading");
  releaseEntries();

  // Entries read as sentences; Warning and worse are tinted.
  const deleted = entries.getByRole("listitem").filter({ hasText: `deleted the shift type ${shiftName}` });
  await expect(deleted).toHaveAttribute("data-severity", "Warning");
  await expect(deleted.getByText("Warning", { exact: true })).toBeVisible();
  const background = (entry: typeof deleted) => entry.evaluate((element) => getComputedStyle(element).backgroundColor);
  const info = entries.locator("li[data-severity=Info]").first();
  expect(await background(deleted)).not.toBe(await background(info));
  await expect(
    entries.getByRole("listitem").filter({ hasText: `created the shift type ${shiftName}` }),
  ).toHaveAttribute("data-severity", "Info");
  await snapshot(page, "audit-log");

  // The entry's codes and data, formatted.
  await deleted.locator("summary").click();
  await expect(page.getByLabel("Data of personnel.shift_type_deleted", { exact: true })).toContainText(
    `"name": "${shiftName}"`,
  );
  await expect(deleted).toContainText(/[0-9a-f]{8}-[0-9a-f-]{27}/);
  await snapshot(page, "audit-entry-data");
  await deleted.locator("summary").click();
  await expect(page.getByLabel("Data of personnel.shift_type_deleted", { exact: true })).toBeHidden();

  // Importance: only Warning and worse.
  await page.getByLabel("Importance").selectOption({ label: "Warnings and worse" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(entries.locator("li[data-severity=Info]")).toHaveCount(0);
  await expect(deleted).toBeVisible();
  await snapshot(page, "audit-warnings");

  // An action prefix, then the entry's record narrows to that one shift type.
  await page.getByRole("button", { name: "Clear" }).click();
  await page.getByText("By code").click();
  await page.getByLabel("Action code").fill("personnel.");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(entries.getByRole("listitem").filter({ hasText: "signed in" })).toHaveCount(0);
  await expect(deleted).toBeVisible();
  await openDetails(deleted);
  await deleted.getByRole("button", { name: "Only this record" }).click();
  await expect(page.getByLabel("Record id")).toHaveValue(shift.id);
  await expect(entries.getByRole("listitem")).toHaveCount(2);
  await snapshot(page, "audit-entity");

  // Only the acting person: the super-administrator's own entries.
  await page.getByRole("button", { name: "Clear" }).click();
  await openDetails(deleted);
  await deleted.getByRole("button", { name: "Only this person" }).click();
  await expect(page.getByRole("combobox", { name: "Person" })).toHaveValue(`${admin.firstName} ${admin.lastName}`);
  await expect(entries.getByText("The club’s first settings were saved")).toHaveCount(0);

  // A range that ends before it starts: the API's message lands on the field.
  await page.getByRole("button", { name: "Clear" }).click();
  await page.getByLabel("From").fill("2030-01-02");
  await page.getByLabel("Until").fill("2030-01-01");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(errorSummary(page)).toBeVisible();
  await expect(page.getByLabel("Until")).toHaveAttribute("aria-invalid", "true");
  await snapshot(page, "audit-filter-refused");

  // Nothing matches.
  await page.getByRole("button", { name: "Clear" }).click();
  await page.getByText("By code").click();
  await page.getByLabel("Action code").fill("nothing.matches");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No entries match")).toBeVisible();
  await snapshot(page, "audit-no-match");
});

test("API reference: groups from /api/openapi.json, an operation expanded, Try it on GET /api/plans", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  await navigation(page).getByRole("link", { name: "API reference" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  const groups = page.getByRole("navigation", { name: "Endpoint groups" }).getByRole("link");
  await expect(groups.first()).toBeVisible();
  expect(await groups.count()).toBeGreaterThan(5);
  const plans = page.getByRole("region", { name: "Plans" });
  await expect(plans).toBeVisible();
  await snapshot(page, "api-reference");

  const listPlans = plans
    .locator("details")
    .filter({ has: page.locator("summary > span", { hasText: /^get$/ }) })
    .filter({ has: page.locator("summary > span", { hasText: /^\/api\/plans$/ }) });
  await listPlans.locator("summary").click();
  await expect(listPlans.getByRole("heading", { name: "Parameters" })).toBeVisible();
  await expect(listPlans.getByRole("heading", { name: "Responses" })).toBeVisible();
  const tryIt = listPlans.getByRole("form", { name: "Try GET /api/plans" });
  await tryIt.getByLabel(/^pageSize/).fill("5");
  await tryIt.getByRole("button", { name: "Send GET" }).click();
  await expect(tryIt).toContainText("200 OK");
  await expect(tryIt.locator("pre")).toContainText('"items"');
  await expect(tryIt.locator("pre")).toContainText('"pageSize": 5');
  await snapshot(page, "api-reference-try-it");

  // Search by permission, then something nothing matches.
  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill("audit:read");
  await expect(page.getByRole("region", { name: "Audit", exact: true })).toBeVisible();
  await expect(plans).toHaveCount(0);
  await snapshot(page, "api-reference-search");
  await search.fill("no-such-endpoint");
  await expect(page.getByText("No endpoint matches")).toBeVisible();
});
