import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { SETUP_CODE_HEADERS } from "../tests/support/setup-code";
import { type ReceivedMail, receivedMail } from "./mailbox";
import { type OwnServer, startOwnServer } from "./own-server";
import { expect, notice, signIn as signInToConsole, snapshot, test, VIEWPORTS } from "./support";

/**
 * Issue 17's journey, enrolment to reinstatement, on a server of its own whose clock the test moves forward: the
 * server runs under libfaketime (Debian's libfaketime, which scripts/test.sh installs), which reads the offset from a
 * file, so "17 days later" is a line written to that file and no code in the app knows about it. The server has its
 * own mailbox and its own embedded database, whose clock moves with it (a database server's would not), so the other
 * specs' club and clock are untouched.
 */

const LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1";
const CLUB = "Club de Remo Retiro";
const ADMIN = { firstName: "Ada", lastName: "Lovelace", email: "ada@retiro.example", username: "ada" };
const PASSWORD = "Analytical-Engine-1843";
const MEMBER = { firstName: "Lucía", lastName: "Moreno", email: "lucia@retiro.example" };
const MEMBER_NAME = `${MEMBER.firstName} ${MEMBER.lastName}`;
const PLAN = { name: "Remo mensual", code: "REMO-M", monthlyPrice: "49.90" };
const TAX_DATA = {
  legalName: "Club de Remo Retiro S.L.",
  taxId: "B58378431",
  address: { line: "Paseo de la Argentina 1", postalCode: "28009", city: "Madrid", province: "Madrid" },
};
const SEPA = { creditorIdentifier: "ES97000B12345678", collectionIban: "ES9121000418450200051332" };
const MEMBER_IBAN = "ES76 2077 0024 0031 0257 5766";

let clockFile: string;
let workDir: string;
let base: string;
let mailboxUrl: string;
let server: OwnServer;

/** The journey's server, on the data and database it keeps in workDir, at the clock file's time; and its mailbox. */
async function startServer(): Promise<void> {
  server = await startOwnServer(
    {
      LD_PRELOAD: LIBFAKETIME,
      FAKETIME_TIMESTAMP_FILE: clockFile,
      FAKETIME_CACHE_DURATION: "1",
      // Timers keep real time: only the calendar moves.
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
      // The journey runs each job when the story needs it (mailTo, the dunning step). With the scheduler on, every job
      // would fire at once after each jump of the calendar (their next times have all passed) and hold the server for
      // a minute on a busy machine: measured 13 jobs of 3–7 s each after +17 days.
      EMBEDDED_SCHEDULER: "false",
      E2E_KEEP: workDir,
    },
    { mailbox: true, embedded: true },
  );
  base = server.base;
  mailboxUrl = server.mailboxUrl ?? "";
  // Live is not ready: the platform (database, analytics) may still be starting, and answers 503 until it has.
  await expect
    .poll(() => fetch(`${base}/api/setup/status`).then((reply) => reply.status), { timeout: 150_000 })
    .toBe(200);
}

/**
 * Moves the clock `days` ahead of the real one, with the server stopped and started again on the same data but for
 * its embedded analytics (chDB, which this journey never reads), started afresh. chDB does not survive a jump of its
 * calendar, running or on data written before it: its background threads (one at the highest priority) kept both
 * cores busy for minutes, a sign-in page took 0.5–3 s instead of 0.04, and on CI the journey took seven minutes and
 * starved the other worker's pages (the dashboard's page check timed out at 240 s).
 */
async function moveClock(days: number): Promise<void> {
  await server.stop();
  rmSync(path.join(workDir, "data", "chdb"), { recursive: true, force: true });
  writeFileSync(clockFile, `+${days}d\n`);
  await startServer();
}

/** The club's date `days` from today on its calendar (Europe/Madrid, the default time zone). */
const clubDate = (days = 0) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date(Date.now() + days * 86_400_000));

async function call(method: string, pathname: string, token?: string, data?: unknown, headers = {}) {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: {
      ...headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(data === undefined ? {} : { "content-type": "application/json" }),
    },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  expect(response.ok, `${method} ${pathname}: ${response.status} ${await response.clone().text()}`).toBe(true);
  return response;
}
const json = async (method: string, pathname: string, token?: string, data?: unknown) =>
  (await call(method, pathname, token, data)).json();

/** The administrator's access token, at the server's current time (a token from before a jump has expired). */
const signIn = async () =>
  (await json("POST", "/api/auth/login", undefined, { email: ADMIN.email, password: PASSWORD })).accessToken as string;

/**
 * The newest mail to `to` whose subject matches, once the invoices' PDFs are attached and the outbox is delivered (the
 * jobs an operator can run now, rather than waiting for their next minute).
 */
async function mailTo(token: string, to: string, subject: RegExp): Promise<ReceivedMail> {
  for (const job of ["deliver-invoices", "deliver-mail"]) await call("POST", `/api/jobs/${job}/run`, token, {});
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await receivedMail(mailboxUrl)).find((mail) => mail.to.includes(to) && subject.test(mail.subject));
        return found !== undefined;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
  return found as ReceivedMail;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  expect(existsSync(LIBFAKETIME), "libfaketime (Debian's libfaketime package; scripts/test.sh installs it)").toBe(true);
  workDir = mkdtempSync(path.join(tmpdir(), "clubops-journey-"));
  clockFile = path.join(workDir, "clock");
  writeFileSync(clockFile, "+0d\n");
  await startServer();
  await call("POST", "/api/setup/platform", undefined, { platformName: CLUB }, SETUP_CODE_HEADERS);
  await call("POST", "/api/setup/superadmin", undefined, { ...ADMIN, password: PASSWORD }, SETUP_CODE_HEADERS);
});

test.afterAll(async () => {
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
});

/** A console page on the journey's server, signed in as the administrator at the server's current time. */
async function consolePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  await signInToConsole(page, ADMIN.email, PASSWORD);
  // A sign-in hashes the password (Argon2): on a busy 2-core machine it can take longer than the usual 5 s.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
  return page;
}

test("enrolment → invoice PDF → mandate → remittance file → return → reminder and suspension → payment → active", async ({
  browser,
}) => {
  test.setTimeout(900_000);
  let page = await consolePage(browser);
  let token = await signIn(); // for what the schedulers do: the jobs

  await test.step("billing starts: the club's tax data and SEPA details on the settings page", async () => {
    await page.goto("/settings");
    const billing = page.getByRole("region", { name: "Billing", exact: true });
    await expect(billing.getByRole("heading", { name: "Billing has not started" })).toBeVisible();
    await billing.getByLabel("Legal name", { exact: true }).fill(TAX_DATA.legalName);
    await billing.getByLabel("NIF or CIF", { exact: true }).fill(TAX_DATA.taxId);
    await billing.getByLabel("Address", { exact: true }).fill(TAX_DATA.address.line);
    await billing.getByLabel("Postal code", { exact: true }).fill(TAX_DATA.address.postalCode);
    await billing.getByLabel("City", { exact: true }).fill(TAX_DATA.address.city);
    await billing.getByLabel("Creditor identifier", { exact: true }).fill(SEPA.creditorIdentifier);
    await billing.getByLabel("Collection account (IBAN)", { exact: true }).fill(SEPA.collectionIban);
    await billing.getByRole("button", { name: "Save billing settings" }).click();
    await expect(notice(page)).toContainText("Billing settings saved.");
    await expect(billing.getByRole("heading", { name: "Billing has not started" })).toBeHidden();
  });

  const memberPath = await test.step("a member enrolled on a paid plan at the desk", async () => {
    await page.goto("/plans");
    await page.getByRole("button", { name: "New plan" }).click();
    const planDialog = page.getByRole("dialog", { name: "New plan" });
    await planDialog.getByLabel("Name", { exact: true }).fill(PLAN.name);
    await planDialog.getByLabel("Code", { exact: true }).fill(PLAN.code);
    await planDialog.getByLabel("Monthly price", { exact: true }).fill(PLAN.monthlyPrice);
    await planDialog.getByRole("button", { name: "Create plan" }).click();
    await expect(notice(page)).toContainText(`Plan ${PLAN.name} created.`);

    await page.goto("/members");
    await page.getByRole("button", { name: "Enroll", exact: true }).click();
    const enroll = page.getByRole("dialog", { name: "Enroll a member" });
    await enroll.getByLabel("First name", { exact: true }).fill(MEMBER.firstName);
    await enroll.getByLabel("Last name", { exact: true }).fill(MEMBER.lastName);
    await enroll.getByLabel("Email", { exact: true }).fill(MEMBER.email);
    await enroll.getByLabel("Plan", { exact: true }).selectOption({ label: `${PLAN.name} (${PLAN.code})` });
    await enroll.getByRole("button", { name: "Enroll", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: MEMBER_NAME })).toBeVisible();
    return new URL(page.url()).pathname;
  });

  const invoice = await test.step("the enrolment's invoice: on the member page, its PDF, its email", async () => {
    const invoices = page.getByRole("region", { name: "Latest invoices" }).first();
    const link = invoices.getByRole("link", { name: /^F\d{4}-\d{6}$/ });
    const number = (await link.textContent()) ?? "";
    await link.click();
    await expect(page.getByRole("heading", { level: 1, name: number })).toBeVisible();
    await expect(page.getByRole("region", { name: "Totals" }).first()).toContainText("€49.90");
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download PDF" }).click();
    const pdf = await readFile((await (await downloading).path()) ?? "");
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const mail = await mailTo(token, MEMBER.email, new RegExp(number));
    expect(mail.subject).toBe(`Your invoice ${number} from ${CLUB}`);
    return { number, path: new URL(page.url()).pathname };
  });

  await test.step("a SEPA mandate on the member page", async () => {
    await page.goto(memberPath);
    const mandates = page.getByRole("region", { name: "Direct debit mandates" }).first();
    await mandates.getByRole("button", { name: "Add mandate" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a direct debit mandate" });
    await dialog.getByLabel("IBAN").fill(MEMBER_IBAN);
    await dialog.getByLabel("Signed on").fill(clubDate());
    await dialog.getByRole("button", { name: "Add mandate" }).click();
    await expect(notice(page)).toContainText(/Mandate \S+ added\./);
  });

  const collectionDate =
    await test.step("the member is told of the debit 14 days ahead (pre-notification)", async () => {
      await call("POST", "/api/jobs/notify-debits/run", token, {});
      const mail = await mailTo(token, MEMBER.email, new RegExp(`^${CLUB} will collect your direct debit on `));
      expect(mail.text).toContain(invoice.number);
      expect(mail.text).toContain(SEPA.creditorIdentifier);
      expect(mail.text).toContain("ES76 **** **** **** **** 5766");
      // The date announced: the first TARGET2 business day 14 days from today, as the candidates answer tells.
      const candidates = await json("GET", `/api/remittances/candidates?collectionDate=${clubDate(1)}`, token);
      expect(candidates.awaitingNotice.count).toBe(1);
      const announced = String(candidates.awaitingNotice.earliestCollectionDate);
      expect(announced >= clubDate(14)).toBe(true);
      return announced;
    });

  const remittancePath = await test.step("a remittance built, its bank file downloaded, marked sent", async () => {
    await page.goto("/billing/remittances/new");
    // Due, but announced for later: the builder says why it is left out.
    await page.getByLabel("Collection date").fill(clubDate(3));
    await expect(page.getByText("1 more invoice is left out")).toBeVisible();
    await page.getByLabel("Collection date").fill(collectionDate);
    await expect(page.getByText("1 invoice chosen, €49.90")).toBeVisible();
    await page.getByRole("button", { name: "Build remittance" }).click();
    await expect(page).toHaveURL(/\/billing\/remittances\/[0-9a-f-]{36}$/);
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download bank file (XML)" }).click();
    const xml = await readFile((await (await downloading).path()) ?? "", "utf8");
    expect(xml).toContain(`<EndToEndId>${invoice.number}</EndToEndId>`);
    expect(xml).toContain('<InstdAmt Ccy="EUR">49.90</InstdAmt>');
    expect(xml).toContain(`<ReqdColltnDt>${collectionDate}</ReqdColltnDt>`);
    await page.getByRole("button", { name: "Mark as sent" }).click();
    await page
      .getByRole("dialog", { name: "Mark the remittance as sent?" })
      .getByRole("button", { name: "Mark as sent" })
      .click();
    await expect(notice(page)).toContainText("1 invoice is pending collection");
    return new URL(page.url()).pathname;
  });

  await test.step("the member's bank returns the debit: insufficient funds", async () => {
    await page.getByRole("button", { name: `Record ${invoice.number} as returned` }).click();
    const manual = page.getByRole("dialog", { name: "Record a returned debit" });
    await manual.getByLabel("Bank's reason").selectOption({ value: "AM04" });
    await manual.getByRole("button", { name: "Record return" }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 invoice returned" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(remittancePath);
  });

  await test.step("17 days later the dunning job reminds the member, for the last time, and suspends them", async () => {
    await moveClock(17);
    await page.context().close();
    token = await signIn();
    await call("POST", "/api/jobs/process-dunning/run", token, {});
    await mailTo(token, MEMBER.email, new RegExp(`^Last reminder: invoice ${invoice.number} from ${CLUB} is unpaid$`));
    page = await consolePage(browser);
    await page.goto("/billing/overdue");
    const row = page.getByRole("row").filter({ hasText: invoice.number });
    await expect(row).toContainText(MEMBER_NAME);
    await expect(row).toContainText("17 days");
    await snapshot(page, "journey-overdue-en-desktop");
    await page.goto(memberPath);
    // This server's clock just moved 17 days: its first member page loads slowly while the run's other worker is busy.
    await expect(page.locator(".page-lead .badge")).toHaveText("Suspended", { timeout: 60_000 });
    await snapshot(page, "journey-suspended-en-desktop");
  });

  await test.step("paid at the desk, the member is active again", async () => {
    await page.goto(invoice.path);
    await page.getByRole("button", { name: "Record a payment" }).click();
    const dialog = page.getByRole("dialog", { name: `Record a payment on ${invoice.number}` });
    await expect(dialog.getByLabel("Amount")).toHaveValue("49.90");
    await dialog.getByLabel("Method").selectOption("card");
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await expect(notice(page)).toContainText(`Payment of €49.90 recorded on ${invoice.number}.`);
    await expect(page.getByTestId("amount-due")).toHaveText("€0.00");
    await page.goto(memberPath);
    await expect(page.locator(".page-lead .badge")).toHaveText("Active");
    await snapshot(page, "journey-active-again-en-desktop");
    const member = await json("GET", `/api${memberPath}`, token);
    expect(member.status).toBe("active");
  });
});
