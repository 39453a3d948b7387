import "@/tests/support/isolated-env";
import "@/tests/support/registration-open-env";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as forgotPassword } from "@/app/api/auth/forgot-password/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import { POST as verifyEmail } from "@/app/api/auth/verify-email/route";
import type { MailMessage } from "@/lib/mail/admin";
import { deliverPendingMail, MAX_ATTEMPTS } from "@/lib/mail/delivery";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { MIGRATIONS_FOLDER } from "@/lib/platform/db/migrations";
import { mailOutbox } from "@/lib/platform/db/schema/mail";
import { DependencyUnavailableError } from "@/lib/platform/errors";
import type { JsonOf } from "@/lib/platform/http/shapes";
import { type Account, completeSetup, createAccount } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { mailedToken } from "@/tests/support/mail";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as retryMail } from "./[id]/retry/route";
import { GET as getMail } from "./[id]/route";

let running: Platform;
let adminToken: string;

/** What a stolen copy of the database holds: every row of every table, as text. */
async function databaseCopy(): Promise<string> {
  const { database } = running;
  const tables = await database.rows<{ name: string }>(
    database.db,
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  const dumps = await Promise.all(
    tables.map(({ name }) =>
      database.rows<{ rows: string | null }>(database.db, sql.raw(`select json_agg(t)::text as rows from ${name} t`)),
    ),
  );
  return dumps.map(([dump]) => dump?.rows ?? "").join("\n");
}

/** Everything the embedded SMTP sink wrote under DATA_DIR/mail. */
async function mailboxFiles(): Promise<string> {
  const directory = path.join(running.config.dataDir, "mail");
  const names = await readdir(directory);
  return (await Promise.all(names.map((name) => readFile(path.join(directory, name), "utf8")))).join("\n");
}

const outboxRow = async (to: string) => {
  const [row] = await running.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  if (!row) throw new Error(`no mail to ${to}`);
  return row;
};
const inAnHour = () => new Date(Date.now() + 3_600_000);

/** Asks for a password reset while SMTP is down: the mail waits in the outbox after one failed attempt. */
async function waitingResetMail(email: string) {
  const smtpDown = vi.spyOn(running.mailer, "send").mockRejectedValue(new DependencyUnavailableError("smtp"));
  try {
    expect((await call(forgotPassword, { path: "/api/auth/forgot-password", body: { email } })).status).toBe(202);
    await vi.waitFor(async () => expect(await outboxRow(email)).toMatchObject({ status: "pending", attempts: 1 }));
  } finally {
    smtpDown.mockRestore();
  }
  return outboxRow(email);
}

const reset = (token: string, newPassword = "Recovered-Passw0rd-13") =>
  call(resetPassword, { path: "/api/auth/reset-password", body: { token, newPassword } });
const signIn = (email: string, password: string) => call(login, { path: "/api/auth/login", body: { email, password } });

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  adminToken = await completeSetup();
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(stopPlatform);

describe("reset links are not stored in plain text", () => {
  let account: Account;
  let copyWhilePending: string;

  it("a copy of the database taken while the reset mail waits holds nothing that resets the password", async () => {
    account = await createAccount(adminToken, ["User"]);
    const row = await waitingResetMail(account.email);

    copyWhilePending = await databaseCopy();
    expect(row.props).toMatchObject({ resetUrl: "http://localhost:3000/reset-password?token=redacted" });
    expect(row.sealedProps).toMatch(/^v1\./);
    // The attacker tries every token-shaped string in the copy (tokens are 43 base64url characters).
    const candidates = [...new Set(copyWhilePending.match(/[\w-]{43}/g))];
    expect(candidates.length).toBeGreaterThan(5);
    for (const candidate of candidates)
      expect(await reset(candidate)).toMatchObject({ status: 400, body: { code: "Auth.InvalidLink" } });
  });

  it("delivers the working link, then keeps no copy of it in the outbox, the database or the sink's files", async () => {
    expect(await deliverPendingMail(running, { now: inAnHour })).toMatchObject({ sent: 1 });
    const token = await mailedToken(running.mailer, account.email, "/reset-password");

    expect(copyWhilePending).not.toContain(token);
    const row = await outboxRow(account.email);
    expect(row).toMatchObject({
      status: "sent",
      sealedProps: null,
      props: { resetUrl: "http://localhost:3000/reset-password?token=redacted" },
    });
    expect(row.html).toContain("/reset-password?token=redacted");
    expect(row.textBody).toContain("/reset-password?token=redacted");
    expect(await databaseCopy()).not.toContain(token);
    expect(await mailboxFiles()).not.toContain(token);
    expect(await mailboxFiles()).toContain("/reset-password?token=redacted");

    const shown = await call<JsonOf<MailMessage>>(getMail, {
      path: `/api/mail/${row.id}`,
      params: { id: row.id },
      token: adminToken,
    });
    expect(shown.body).toMatchObject({
      status: "sent",
      htmlSource: "redacted",
      subject: "Reset your Test Club password",
    });
    expect(shown.body.html).toContain("/reset-password?token=redacted");
    expect(JSON.stringify(shown.body)).not.toContain(token);

    expect((await reset(token)).status).toBe(204);
    expect((await signIn(account.email, "Recovered-Passw0rd-13")).status).toBe(200);
  });

  it("a retried reset mail still carries its working link", async () => {
    const other = await createAccount(adminToken, ["User"]);
    const { id } = await waitingResetMail(other.email);
    await running.database.db
      .update(mailOutbox)
      .set({ status: "failed", attempts: MAX_ATTEMPTS })
      .where(eq(mailOutbox.id, id));

    const retried = await call(retryMail, {
      path: `/api/mail/${id}/retry`,
      method: "POST",
      params: { id },
      token: adminToken,
    });
    expect(retried).toMatchObject({ status: 200, body: { status: "pending" } });

    const token = await mailedToken(running.mailer, other.email, "/reset-password", 10_000);
    expect((await reset(token)).status).toBe(204);
  });

  it("sealed links moved to a row addressed to someone else do not open", async () => {
    const victim = await createAccount(adminToken, ["User"]);
    const { id } = await waitingResetMail(victim.email);
    // Someone who can write to the database points the waiting mail at an address of their own.
    await running.database.db
      .update(mailOutbox)
      .set({ toAddress: "attacker@evil.example" })
      .where(eq(mailOutbox.id, id));

    expect(await deliverPendingMail(running, { now: inAnHour })).toMatchObject({ sent: 0, failed: 1 });
    expect(await outboxRow("attacker@evil.example")).toMatchObject({
      status: "failed",
      lastError: expect.stringMatching(/^Mail\.SecretsUnreadable: /),
    });
    expect((await running.mailer.captured()).filter((mail) => mail.to.includes("attacker@evil.example"))).toEqual([]);
  });
});

describe("verification links are not stored in plain text", () => {
  it("mails a working link and keeps it nowhere in the database", async () => {
    const applicant = {
      email: "nora@club.example",
      username: "nora",
      password: "Joining-Passw0rd-13",
      firstName: "Nora",
      lastName: "New",
    };
    expect((await call(register, { path: "/api/auth/register", body: applicant })).status).toBe(202);

    const token = await mailedToken(running.mailer, applicant.email, "/verify-email");
    await vi.waitFor(async () => expect((await outboxRow(applicant.email)).status).toBe("sent"));
    expect(await databaseCopy()).not.toContain(token);
    expect(await mailboxFiles()).not.toContain(token);

    expect((await call(verifyEmail, { path: "/api/auth/verify-email", body: { token } })).status).toBe(204);
    expect((await signIn(applicant.email, applicant.password)).status).toBe(200);
  });
});

describe("mail queued before links were sealed", () => {
  it("has the links of sent mail redacted by the migration, and those of pending mail redacted once sent", async () => {
    const legacy = (to: string, status: "sent" | "pending", token: string) => ({
      template: "password-reset",
      toAddress: to,
      status,
      props: {
        name: "Leo",
        resetUrl: `http://localhost:3000/reset-password?token=${token}#t=${token}`,
        expiresInMinutes: 30,
        clubName: "Test Club",
      },
      html:
        status === "sent" ? `<a href="http://localhost:3000/reset-password?token=${token}">Reset password</a>` : null,
      textBody: status === "sent" ? `Reset password http://localhost:3000/reset-password?token=${token}` : null,
    });
    await running.database.db
      .insert(mailOutbox)
      .values([
        legacy("sent@legacy.example", "sent", "old-sent-token"),
        legacy("pending@legacy.example", "pending", "old-pending-token"),
      ]);
    const migration = (await readdir(MIGRATIONS_FOLDER)).find((name) => name.endsWith("_mail_sealed_props.sql"));
    const file = await readFile(path.join(MIGRATIONS_FOLDER, migration!), "utf8");
    await running.database.db.execute(sql.raw(file.slice(file.indexOf("-- hand-written"))));

    expect(await outboxRow("sent@legacy.example")).toMatchObject({
      html: null,
      textBody: null,
      props: { resetUrl: "http://localhost:3000/reset-password?token=redacted#redacted", name: "Leo" },
    });
    expect((await outboxRow("pending@legacy.example")).props).toMatchObject({
      resetUrl: expect.stringContaining("old-pending-token"),
    });

    await deliverPendingMail(running, { now: inAnHour });
    expect(await mailedToken(running.mailer, "pending@legacy.example", "/reset-password")).toBe("old-pending-token");
    expect(JSON.stringify(await outboxRow("pending@legacy.example"))).not.toContain("old-pending-token");
    expect(await databaseCopy()).not.toMatch(/old-(sent|pending)-token/);
  });
});
