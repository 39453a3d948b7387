import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "@playwright/test";
import { type ReceivedMail, receivedMail } from "./mailbox";
import { type OwnServer, startOwnServer } from "./own-server";

/**
 * Issue 17's journey, enrolment to reinstatement, on a server of its own whose clock the test moves forward: the
 * server runs under libfaketime (Debian's libfaketime, which scripts/test.sh installs), which reads the offset from a
 * file, so "17 days later" is a line written to that file and no code in the app knows about it. The server has its
 * own database and mailbox, so the other specs' club and clock are untouched.
 */

const LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1";
const CLUB = "Club de Remo Retiro";
const ADMIN = { firstName: "Ada", lastName: "Lovelace", email: "ada@retiro.example", username: "ada" };
const PASSWORD = "Analytical-Engine-1843";
const MEMBER = { firstName: "Lucía", lastName: "Moreno", email: "lucia@retiro.example" };
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

/** Moves the server's clock `days` ahead of the real one (libfaketime re-reads the file at most once a second). */
async function moveClock(days: number): Promise<void> {
  writeFileSync(clockFile, `+${days}d\n`);
  await sleep(1_500);
}

/** The club's date `days` from today on its calendar (Europe/Madrid, the default time zone). */
const clubDate = (days = 0) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date(Date.now() + days * 86_400_000));

async function call(method: string, pathname: string, token?: string, data?: unknown) {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: {
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
      { timeout: 10_000, intervals: [250] },
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
  server = await startOwnServer(
    {
      LD_PRELOAD: LIBFAKETIME,
      FAKETIME_TIMESTAMP_FILE: clockFile,
      FAKETIME_CACHE_DURATION: "1",
      // Timers keep real time: only the calendar moves.
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
    },
    { mailbox: true },
  );
  base = server.base;
  mailboxUrl = server.mailboxUrl ?? "";
  await call("POST", "/api/setup/platform", undefined, { platformName: CLUB });
  await call("POST", "/api/setup/superadmin", undefined, { ...ADMIN, password: PASSWORD });
});

test.afterAll(async () => {
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
});

test("enrolment → invoice PDF → mandate → remittance file → return → reminder and suspension → payment → active", async () => {
  test.setTimeout(300_000);
  let token = await signIn();

  await test.step("billing starts: the club's tax data and SEPA details", async () => {
    const settings = await json("GET", "/api/settings", token);
    const { clubName, description, language, timeZone, currency } = settings;
    await call("PUT", "/api/settings", token, {
      clubName,
      description,
      language,
      timeZone,
      currency,
      taxData: TAX_DATA,
      ...SEPA,
    });
  });

  const plan = await json("POST", "/api/plans", token, {
    name: "Remo mensual",
    code: "REMO-M",
    monthlyPrice: "49.90",
    annualPrice: "499.00",
  });

  const { member } = await json("POST", "/api/members/enroll", token, {
    member: MEMBER,
    subscription: { planId: plan.id, billingPeriod: "monthly", autoRenew: true },
  });

  const invoice = await test.step("the enrolment's invoice, its PDF and its email", async () => {
    const { items } = await json("GET", `/api/members/${member.id}/invoices`, token);
    expect(items).toHaveLength(1);
    const [issued] = items;
    expect(issued).toMatchObject({ totalAmount: "49.90", status: "open", dueOn: clubDate() });
    const pdf = Buffer.from(await (await call("GET", `/api/invoices/${issued.id}/pdf`, token)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const mail = await mailTo(token, MEMBER.email, new RegExp(issued.number));
    expect(mail.subject).toContain(CLUB);
    return issued as { id: string; number: string };
  });

  await test.step("a SEPA mandate, a remittance and its bank file", async () => {
    await call("POST", `/api/members/${member.id}/mandates`, token, { iban: MEMBER_IBAN, signedOn: clubDate() });
    const remittance = await json("POST", "/api/remittances", token, { collectionDate: clubDate(3) });
    expect(remittance).toMatchObject({ itemCount: 1, totalAmount: "49.90" });
    const xml = await (await call("GET", `/api/remittances/${remittance.id}/file`, token)).text();
    expect(xml).toContain(`<EndToEndId>${invoice.number}</EndToEndId>`);
    expect(xml).toContain('<InstdAmt Ccy="EUR">49.90</InstdAmt>');
    await call("POST", `/api/remittances/${remittance.id}/send`, token);
    expect(await json("GET", `/api/invoices/${invoice.id}`, token)).toMatchObject({ status: "pending_collection" });

    // The member's bank returns the debit: insufficient funds.
    await call("POST", `/api/remittances/${remittance.id}/returns`, token, {
      invoiceNumber: invoice.number,
      reasonCode: "AM04",
    });
    expect(await json("GET", `/api/invoices/${invoice.id}`, token)).toMatchObject({ status: "returned" });
  });

  await test.step("17 days later the dunning job reminds the member, for the last time, and suspends them", async () => {
    await moveClock(17);
    token = await signIn();
    await call("POST", "/api/jobs/process-dunning/run", token, {});
    expect(await json("GET", `/api/invoices/${invoice.id}`, token)).toMatchObject({ status: "overdue" });
    expect(await json("GET", `/api/members/${member.id}`, token)).toMatchObject({ status: "suspended" });
    await mailTo(token, MEMBER.email, new RegExp(`^Last reminder: invoice ${invoice.number}`));
  });

  await test.step("paid at the desk, the member is active again", async () => {
    await call("POST", `/api/invoices/${invoice.id}/payments`, token, { amount: "49.90", method: "card" });
    expect(await json("GET", `/api/invoices/${invoice.id}`, token)).toMatchObject({ status: "paid" });
    expect(await json("GET", `/api/members/${member.id}`, token)).toMatchObject({ status: "active" });
  });
});
