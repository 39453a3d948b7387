import type { Browser, BrowserContext, Page } from "@playwright/test";
import { instantOf } from "../lib/platform/calendar";
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

// Staff attendance, in order on an installation of its own (it starts without staff, and the classification job and
// the queue count every employee's days): holiday lists and employees → an employee clocks in and out → the nightly
// classification run by hand → a correction request → the manager's queue → the corrected day on the calendars.
onOwnServer({ serial: true });

const CLUB_TIME_ZONE = "Europe/Madrid";
const eve = {
  firstName: "Eve",
  lastName: "Employee",
  email: "eve@riverside.example",
  username: "eve.employee",
  temporary: "Punch-Card-Start-2024",
  own: "Clocking-Rowers-Late-9",
};
const eveName = `${eve.firstName} ${eve.lastName}`;
const listName = "Riverside staff";
const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The club's calendar date and wall-clock time now: attendance days are Madrid days, whatever the machine's zone. */
function clubNow() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: CLUB_TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const isoWeekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  return { date, minutes: Number(parts.hour) * 60 + Number(parts.minute), isoWeekday };
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
/** As the console writes durations: "2 h", "1 h 05 min", "45 min". */
const duration = (minutes: number) =>
  minutes < 60
    ? `${minutes} min`
    : minutes % 60 === 0
      ? `${minutes / 60} h`
      : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
function clubInstant(date: string, time: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return instantOf({ year, month, day, hour, minute, second: 0, millisecond: 0 }, CLUB_TIME_ZONE).toISOString();
}

/** The corrected day's length, set when Eve asks for the correction. */
let correctedMinutes = 0;
let eveSession: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;

/** A page signed in as Eve (after her first sign-in, which changes her temporary password). */
async function evePage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ storageState: eveSession })).newPage();
  await page.goto("/attendance");
  await expect(page.getByRole("heading", { level: 1, name: "My attendance" })).toBeVisible();
  return page;
}

/** The calendar's button for today (its name says the status and whether it was corrected). */
const todayCell = (page: Page) => page.getByRole("button", { name: /\(today\):/ });
const dayDetails = (page: Page) => page.getByRole("region", { name: /^Day details:/ });

test("before any staff exists: empty lists, loading states, and an account that is no employee", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  for (const entry of ["My attendance", "Requests queue", "Employees", "Holiday lists"]) {
    await expect(navigation(page).getByRole("link", { name: entry })).toBeVisible();
  }

  const releaseEmployees = await holdRequests(page, /\/api\/employees\?/);
  await navigation(page).getByRole("link", { name: "Employees" }).click();
  const employees = page.getByRole("region", { name: "Employees" });
  await expect(employees.locator(".skeleton-row").first()).toBeAttached();
  await snapshot(page, "employees-loading");
  releaseEmployees();
  await expect(page.getByText("No employees yet")).toBeVisible();
  await snapshot(page, "employees-empty");

  await navigation(page).getByRole("link", { name: "Holiday lists" }).click();
  await expect(page.getByText("No holiday lists yet")).toBeVisible();
  await snapshot(page, "holiday-lists-empty");

  await navigation(page).getByRole("link", { name: "Requests queue" }).click();
  await expect(page.getByText("No requests waiting")).toBeVisible();
  await expect(navigation(page).getByRole("link", { name: "Requests queue" })).toHaveAttribute("aria-current", "page");
  await expect(navigation(page).getByRole("link", { name: "My attendance" })).not.toHaveAttribute("aria-current");
  await snapshot(page, "requests-queue-empty");

  // The super-administrator has every permission but is nobody's employee: the page says so.
  await navigation(page).getByRole("link", { name: "My attendance" }).click();
  await expect(page.getByText("Your account is not set up as an employee")).toBeVisible();
  await expect(page.getByRole("link", { name: "Open Employees" })).toBeVisible();
  await snapshot(page, "attendance-not-employee");
});

test("holiday lists: weekly days off and dated holidays, with the API's errors on their rows", async ({ browser }) => {
  const page = await adminPage(browser);
  const today = clubNow();
  await page.goto("/holiday-lists");
  await page.getByRole("button", { name: "New holiday list" }).click();
  const dialog = page.getByRole("dialog", { name: "New holiday list" });
  // Two days off that are not today, or today would be a Weekend rather than a working day.
  const offDays = [(today.isoWeekday % 7) + 1, ((today.isoWeekday + 1) % 7) + 1].sort();
  // A new list starts with the weekend off: this one has other days off.
  for (const name of WEEKDAY_NAMES) await dialog.getByRole("checkbox", { name }).uncheck();
  for (const day of offDays) await dialog.getByRole("checkbox", { name: WEEKDAY_NAMES[day - 1] }).check();
  const regatta = addDays(today.date, 20);
  await dialog.getByRole("button", { name: "+ Add holiday" }).click();
  await dialog.getByLabel("Holiday 1 date").fill(regatta);
  await dialog.getByLabel("Holiday 1 description").fill("Club regatta");
  await dialog.getByRole("button", { name: "+ Add holiday" }).click();
  await dialog.getByLabel("Holiday 2 date").fill(regatta);
  await dialog.getByRole("button", { name: "Create holiday list" }).click();
  await expect(errorSummary(dialog)).toContainText("Name: Required.");
  await expect(errorSummary(dialog)).toContainText("Holiday 2 date: This date is already listed.");
  await expect(dialog.getByLabel("Holiday 2 date")).toHaveAttribute("aria-invalid", "true");
  await snapshot(page, "holiday-list-errors");

  await dialog.getByLabel("Name").fill(listName);
  await dialog.getByLabel("Holiday 2 date").fill(addDays(today.date, 45));
  await dialog.getByLabel("Holiday 2 description").fill("Club day");
  await dialog.getByRole("button", { name: "+ Add holiday" }).click();
  await dialog.getByLabel("Holiday 3 date").fill(addDays(today.date, 60));
  await dialog.getByRole("button", { name: "Remove holiday 3" }).click();
  await expect(dialog.getByLabel("Holiday 3 date")).toHaveCount(0);
  await snapshot(page, "holiday-list-new");
  await dialog.getByRole("button", { name: "Create holiday list" }).click();
  await expect(notice(page)).toContainText(`Holiday list ${listName} created.`);

  const row = page.getByRole("row").filter({ hasText: listName });
  for (const day of offDays) await expect(row.getByTitle(WEEKDAY_NAMES[day - 1] ?? "")).toBeVisible();
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");
  await expect(row.getByRole("cell").nth(3)).toHaveText("0");

  // The editor loads the saved entries, sorted by date.
  await page.getByRole("button", { name: `Edit holiday list ${listName}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit holiday list ${listName}` });
  await expect(edit.getByLabel("Holiday 1 description")).toHaveValue("Club regatta");
  await expect(edit.getByLabel("Holiday 2 date")).toHaveValue(addDays(today.date, 45));
  await expect(edit.getByRole("checkbox", { name: WEEKDAY_NAMES[offDays[0]! - 1] })).toBeChecked();
  await edit.getByRole("button", { name: "Cancel" }).click();
  await snapshot(page, "holiday-lists");
});

test("an administrator makes a new user an employee on the holiday list", async ({ browser }) => {
  const page = await adminPage(browser);
  await navigation(page).getByRole("link", { name: "Users" }).click();
  await page.getByRole("button", { name: "New user" }).click();
  const create = page.getByRole("dialog", { name: "New user" });
  await create.getByLabel("First name").fill(eve.firstName);
  await create.getByLabel("Last name").fill(eve.lastName);
  await create.getByLabel("Email").fill(eve.email);
  await create.getByLabel("Username").fill(eve.username);
  await create.getByLabel("Temporary password").fill(eve.temporary);
  await create.getByRole("checkbox", { name: /^Employee/ }).check();
  await create.getByRole("button", { name: "Create user" }).click();
  await expect(notice(page)).toContainText(`${eveName} can now sign in`);

  await navigation(page).getByRole("link", { name: "Employees" }).click();
  await page.getByRole("button", { name: "Add employee" }).click();
  const add = page.getByRole("dialog", { name: "Add an employee" });
  await add.getByRole("button", { name: "Add employee" }).click();
  await expect(errorSummary(add)).toContainText("User: Choose a user.");
  await add.getByLabel("Find a user").fill("eve");
  await add.getByRole("radio", { name: new RegExp(`^${eveName}`) }).check();
  await add.getByLabel("Holiday list").selectOption({ label: listName });
  await snapshot(page, "employee-add");
  await add.getByRole("button", { name: "Add employee" }).click();

  await expect(page.getByRole("heading", { level: 1, name: eveName })).toBeVisible();
  await expect(page).toHaveURL(/\/employees\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("region", { name: "Employment" })).toContainText(listName);
  await expect(page.getByRole("region", { name: "Clock" })).toContainText(`${eveName}: not clocked in`);
  await expect(page.getByRole("button", { name: /\(today\): no record$/ })).toBeVisible();
  await snapshot(page, "employee-new");

  // One employee per user: the API's refusal lands on the user choice.
  await navigation(page).getByRole("link", { name: "Employees" }).click();
  await expect(
    page.getByRole("region", { name: "Employees" }).getByRole("row").filter({ hasText: eve.email }),
  ).toContainText(listName);
  await page.getByRole("button", { name: "Add employee" }).click();
  const again = page.getByRole("dialog", { name: "Add an employee" });
  await again.getByLabel("Find a user").fill("eve");
  await again.getByRole("radio", { name: new RegExp(`^${eveName}`) }).check();
  await again.getByRole("button", { name: "Add employee" }).click();
  await expect(errorSummary(again)).toContainText("User: That user is already an employee.");
  await snapshot(page, "employee-add-duplicate");
  await again.getByRole("button", { name: "Cancel" }).click();
  await snapshot(page, "employees");

  // A list in use cannot be deleted, and the dialog says why.
  await navigation(page).getByRole("link", { name: "Holiday lists" }).click();
  await page.getByRole("button", { name: `Delete holiday list ${listName}` }).click();
  const remove = page.getByRole("dialog", { name: `Delete holiday list ${listName}?` });
  await expect(remove).toContainText("1 employee uses this list.");
  await remove.getByRole("button", { name: "Delete holiday list" }).click();
  await expect(errorSummary(remove)).toHaveText("Employees still use this holiday list.");
  await snapshot(page, "holiday-list-in-use");
});

test("Eve signs in, sees only her own attendance, and clocks in and out", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, eve.email, eve.temporary);
  await page.getByLabel("Temporary password").fill(eve.temporary);
  await page.getByLabel("New password", { exact: true }).fill(eve.own);
  await page.getByLabel("Confirm new password").fill(eve.own);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/attendance$/);
  eveSession = await context.storageState();
  await expect(navigation(page).getByRole("link", { name: "My attendance" })).toBeVisible();
  for (const entry of ["Requests queue", "Employees", "Holiday lists"])
    await expect(navigation(page).getByRole("link", { name: entry })).toHaveCount(0);

  // Her home is her attendance: loaded again while the clock's answer is held, the page shows its loading state.
  const releaseClock = await holdRequests(page, /\/api\/users\/me\/clock$/);
  await page.reload();
  await expect(page.getByRole("status", { name: "Loading your attendance…" })).toBeVisible();
  await snapshot(page, "attendance-loading");
  releaseClock();
  const clock = page.getByRole("region", { name: "Clock" });
  await expect(clock).toContainText("Not clocked in");
  await expect(todayCell(page)).toHaveAccessibleName(/\(today\): no record$/);
  await expect(page.getByText("No correction requests")).toBeVisible();
  await snapshot(page, "attendance-empty");

  // On the web the card says where the time comes from and offers no Mobile app; the note is optional.
  await expect(clock).toContainText("Recorded as: Entered by hand, from the web console.");
  await expect(clock.getByRole("radio")).toHaveCount(0);
  await clock.getByRole("button", { name: "Clock in" }).click();
  await expect(clock).toContainText("Clocked in since");
  await expect(clock.getByRole("status")).toContainText("Clocked in at");
  await expect(clock.locator(".clock-elapsed-value")).toHaveText(/^0:00:0\d$/);
  await snapshot(page, "attendance-clocked-in");

  await clock.getByRole("button", { name: "Clock out" }).click();
  await expect(clock).toContainText("Not clocked in");
  await expect(clock.getByRole("status")).toContainText(/Clocked out at .+ after 0 min\./);
  await snapshot(page, "attendance-clocked-out");
  await context.close();
});

test("the administrator classifies today's attendance from the System page", async ({ browser }) => {
  const page = await adminPage(browser);
  const today = clubNow().date;
  await navigation(page).getByRole("link", { name: "System health" }).click();
  const jobs = page.getByRole("region", { name: "Background jobs" });
  const job = jobs.getByRole("listitem", { name: "Classify yesterday’s attendance" });
  await expect(job).toContainText("Runs every day at 03:00");
  await job.getByLabel("Day to process for “Classify yesterday’s attendance”").fill(today);

  const releaseRun = await holdRequests(page, /\/api\/jobs\/process-daily-attendance\/run$/);
  const run = job.getByRole("button");
  await expect(run).toHaveAccessibleName(/^Run now ?: Classify yesterday’s attendance$/);
  await run.click();
  await expect(job.getByRole("status")).toContainText(/Running “Classify yesterday’s attendance” for .+…/);
  await expect(run).toBeDisabled();
  await snapshot(page, "system-job-running");
  releaseRun();
  const outcome = job.getByRole("status");
  await expect(outcome).toContainText("Finished at");
  await expect(outcome).toContainText("Classified 1 employee’s attendance for");
  await expect(outcome).toContainText("1 record changed");
  await snapshot(page, "system-jobs");
});

test("Eve sees today as Present and asks for a correction of its times", async ({ browser }) => {
  const page = await evePage(browser);
  const now = clubNow();
  await expect(todayCell(page)).toHaveAccessibleName(/\(today\): Present/);
  await todayCell(page).click();
  const details = dayDetails(page);
  await expect(details).toContainText("Present");
  await expect(details).toContainText("Hours worked");
  await snapshot(page, "attendance-present");

  await details.getByRole("button", { name: "Request a correction" }).click();
  const dialog = page.getByRole("dialog", { name: "Request a correction" });
  await expect(dialog.getByLabel("Day", { exact: true })).toHaveValue(now.date);
  // Two hours up to now (or from 00:01), all on today's date in Madrid and none in the future.
  const checkOut = now.minutes;
  const checkIn = Math.max(1, checkOut - 120);
  correctedMinutes = checkOut - checkIn;
  await dialog.getByLabel("Clock-in").fill(hhmm(checkIn));
  await dialog.getByLabel("Clock-out").fill(hhmm(Math.max(0, checkIn - 1)));
  await expect(dialog.getByRole("status")).toContainText("Overnight: the clock-out is on");
  await dialog.getByLabel("Clock-out").fill(hhmm(checkOut));
  await expect(dialog.getByRole("status")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(dialog.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  await expect(errorSummary(dialog)).toContainText("Reason: Say why.");
  await snapshot(page, "attendance-correction-errors");
  await dialog.getByLabel("Reason").fill("Forgot to clock in when I arrived.");
  await snapshot(page, "attendance-correction");
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(notice(page)).toContainText("Correction requested for");
  const requests = page.getByRole("region", { name: "My correction requests" });
  await expect(requests.getByRole("row").filter({ hasText: "Forgot to clock in" })).toContainText("Waiting");
  await snapshot(page, "attendance-requested");

  // A second request, for yesterday, through the API: the queue then holds two.
  const yesterday = addDays(now.date, -1);
  const api = await apiAs(page);
  await api("POST", "/api/attendance-requests", {
    date: yesterday,
    checkIn: clubInstant(yesterday, "09:00"),
    checkOut: clubInstant(yesterday, "17:00"),
    reason: "The terminal was down all day.",
  });
});

test("the manager's queue: a reason is required to reject, a decision made meanwhile is shown, approval", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  const releaseQueue = await holdRequests(page, /\/api\/attendance-requests\?/);
  await navigation(page).getByRole("link", { name: "Requests queue" }).click();
  const queue = page.getByRole("region", { name: "Correction requests" });
  await expect(queue.locator(".skeleton-row").first()).toBeAttached();
  await snapshot(page, "requests-queue-loading");
  releaseQueue();
  await expect(queue).toContainText("2 requests · page 1 of 1");
  const todays = queue.getByRole("row").filter({ hasText: "Forgot to clock in" });
  const yesterdays = queue.getByRole("row").filter({ hasText: "The terminal was down" });
  await expect(todays).toContainText(eveName);
  await expect(page.getByRole("columnheader", { name: "Sent" })).toHaveAttribute("aria-sort", "ascending");
  await snapshot(page, "requests-queue");

  // Rejecting needs a reason.
  await todays.getByRole("button", { name: /^Reject/ }).click();
  const reject = page.getByRole("dialog", { name: "Reject the correction?" });
  await expect(reject).toContainText("Forgot to clock in when I arrived.");
  await reject.getByRole("button", { name: "Reject" }).click();
  await expect(reject.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  await expect(errorSummary(reject)).toContainText("Reason: Say why.");
  await snapshot(page, "requests-reject-reason-required");
  await reject.getByRole("button", { name: "Cancel" }).click();

  // Another manager approves yesterday's request while this one is about to reject it.
  await yesterdays.getByRole("button", { name: /^Reject/ }).click();
  const late = page.getByRole("dialog", { name: "Reject the correction?" });
  const requestId = (
    await (
      await apiAs(page)
    )("GET", "/api/attendance-requests?status=Open&orderBy=date&orderDirection=asc")
  ).items[0].id;
  await (await apiAs(page))("PUT", `/api/attendance-requests/${requestId}/approve`);
  await late.getByLabel("Reason").fill("No terminal outage was reported.");
  await late.getByRole("button", { name: "Reject" }).click();
  await expect(errorSummary(late)).toContainText("Someone decided it meanwhile; the list now shows the decision.");
  await expect(yesterdays).toHaveCount(0);
  await snapshot(page, "requests-already-decided");
  await late.getByRole("button", { name: "Cancel" }).click();

  await todays.getByRole("button", { name: /^Approve/ }).click();
  const approve = page.getByRole("dialog", { name: "Approve the correction?" });
  await expect(approve).toContainText(eveName);
  await snapshot(page, "requests-approve");
  await approve.getByRole("button", { name: "Approve" }).click();
  await expect(notice(page)).toContainText(`Approved: ${eveName}'s`);
  await expect(page.getByText("No requests waiting")).toBeVisible();

  await page.getByLabel("Status").selectOption("approved");
  await expect(queue).toContainText("2 requests");
  await expect(todays).toContainText(`by Ada Lovelace`);
  await snapshot(page, "requests-queue-approved");
});

test("the corrected day shows on Eve's calendar and on her employee page, where HR clocks her in and out", async ({
  browser,
}) => {
  const corrected = duration(correctedMinutes);
  const page = await evePage(browser);
  await expect(todayCell(page)).toHaveAccessibleName(
    new RegExp(`\\(today\\): Present, ${corrected} worked, corrected$`),
  );
  const details = dayDetails(page);
  await expect(details).toContainText("✎ Corrected");
  await expect(details).toContainText(`Hours worked${corrected}`);
  await expect(details).toContainText("The times come from an approved correction request.");
  const requests = page.getByRole("region", { name: "My correction requests" });
  await expect(requests.getByRole("row").filter({ hasText: "Forgot to clock in" })).toContainText("Approved");
  await snapshot(page, "attendance-corrected");

  const admin = await adminPage(browser);
  await navigation(admin).getByRole("link", { name: "Employees" }).click();
  await admin.getByRole("link", { name: eveName }).click();
  await expect(admin.getByRole("button", { name: /\(today\):/ })).toHaveAccessibleName(
    /Present, .+ worked, corrected$/,
  );
  const clock = admin.getByRole("region", { name: "Clock" });
  await clock.getByRole("button", { name: "Clock in" }).click();
  await expect(clock.getByLabel("Note")).toHaveAttribute("aria-invalid", "true");
  await clock.getByLabel("Note").fill("Phone battery dead at the front desk.");
  await clock.getByRole("button", { name: "Clock in" }).click();
  await expect(clock).toContainText(`${eveName}: clocked in since`);
  await snapshot(admin, "employee-detail");
  // Every manual event carries its own note.
  await expect(clock.getByLabel("Note")).toHaveValue("");
  await clock.getByLabel("Note").fill("Left with the coach; clocked out for her.");
  await clock.getByRole("button", { name: "Clock out" }).click();
  await expect(clock).toContainText(`${eveName}: not clocked in`);

  // An inactive employee keeps their history but cannot clock in.
  await admin.getByRole("button", { name: "Edit employment" }).click();
  const employment = admin.getByRole("dialog", { name: `Employment of ${eveName}` });
  await employment.getByRole("checkbox", { name: /^Active/ }).uncheck();
  await employment.getByRole("button", { name: "Save" }).click();
  await expect(notice(admin).filter({ hasText: `${eveName} is inactive.` })).toBeVisible();
  await expect(clock).toContainText("Inactive employees cannot clock in or out.");
  await expect(clock.getByRole("button", { name: "Clock in" })).toHaveCount(0);
  await snapshot(admin, "employee-inactive");
  await admin.getByRole("button", { name: "Edit employment" }).click();
  await employment.getByRole("checkbox", { name: /^Active/ }).check();
  await employment.getByRole("button", { name: "Save" }).click();
  await expect(notice(admin).filter({ hasText: `${eveName} is active` })).toBeVisible();
  await expect(clock.getByRole("button", { name: "Clock in" })).toBeVisible();
});
