import "@/tests/support/isolated-env";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sampleProps, TEMPLATE_NAMES } from "@/emails/registry";
import type { MailListItem as MailItem, MailMessage as Message } from "@/lib/mail/admin";
import { deliverPendingMail, MAX_ATTEMPTS } from "@/lib/mail/delivery";
import { enqueueMail } from "@/lib/mail/outbox";
import type { TemplatePreview, TemplateSummary } from "@/lib/mail/templates";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox } from "@/lib/platform/db/schema/audit";
import { mailOutbox } from "@/lib/platform/db/schema/mail";
import type { JsonOf } from "@/lib/platform/http/shapes";
import type { Paginated } from "@/lib/platform/pagination";
import { type Account, completeSetup, createAccount } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { waitForMail } from "@/tests/support/mail";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as retryMail } from "./[id]/retry/route";
import { GET as getMail } from "./[id]/route";
import { GET as listMail } from "./route";
import { GET as previewTemplate } from "./templates/[name]/preview/route";
import { GET as listTemplates } from "./templates/route";

const RESET_TOKEN = "live-reset-token-4f1c2a";
type MailListItem = JsonOf<MailItem>;
type MailMessage = JsonOf<Message>;

const unknownId = "00000000-0000-4000-8000-000000000000";

let running: Platform;
let superToken: string;
let admin: Account;
let employee: Account;
/** Outbox ids by what each mail is in the fixture. */
const ids = {} as Record<"sentWelcome" | "sentReset" | "invalidProps" | "smtpFailed" | "pending", string>;

const welcome = (memberName: string) => ({ ...sampleProps.welcome, memberName });
const withoutComments = (html: string | null) => html?.replaceAll("<!-- -->", "") ?? "";

async function queue(
  to: string,
  template: "welcome" | "password-reset",
  props: Record<string, unknown>,
): Promise<string> {
  const queued = await enqueueMail(running.database.db, { template, to, props });
  if (!queued) throw new Error("not queued");
  return queued.id;
}

async function outboxRow(id: string) {
  const [row] = await running.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

const list = (query: string, token = admin.token) =>
  call<Paginated<MailListItem>>(listMail, { path: `/api/mail${query}`, token });
const detail = (id: string, token = admin.token) =>
  call<MailMessage>(getMail, { path: `/api/mail/${id}`, params: { id }, token });
const retry = (id: string, token = admin.token) =>
  call<MailListItem & { code?: string }>(retryMail, {
    path: `/api/mail/${id}/retry`,
    method: "POST",
    params: { id },
    token,
  });

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  superToken = await completeSetup();
  admin = await createAccount(superToken, ["Admin"]);
  employee = await createAccount(superToken, ["Employee"]);
  await running.database.db.execute(sql`truncate table mail_outbox cascade`);

  // Oldest first: each mail is created after the previous one.
  ids.sentWelcome = await queue("ana@example.com", "welcome", welcome("Ana García"));
  ids.sentReset = await queue("ben@example.com", "password-reset", {
    ...sampleProps["password-reset"],
    name: "Ben",
    resetUrl: `http://localhost:3000/reset-password?token=${RESET_TOKEN}`,
  });
  ids.invalidProps = await queue("cleo@example.com", "welcome", { memberName: 42 });
  expect(await deliverPendingMail(running)).toEqual({ sent: 2, retrying: 0, failed: 1 });

  // A mail that used up its attempts during an SMTP outage, and one not due until tomorrow.
  ids.smtpFailed = await queue("dan@example.com", "welcome", welcome("Dan Díaz"));
  await running.database.db
    .update(mailOutbox)
    .set({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      lastError: "smtp is unavailable: connect ECONNREFUSED 127.0.0.1:25",
    })
    .where(eq(mailOutbox.id, ids.smtpFailed));
  ids.pending = await queue("eve@example.com", "welcome", welcome("Eve"));
  await running.database.db
    .update(mailOutbox)
    .set({
      attempts: 1,
      lastError: "email-renderer did not answer within 5000 ms",
      nextAttemptAt: sql`now() + interval '1 day'`,
    })
    .where(eq(mailOutbox.id, ids.pending));
  // Mails queued within the same millisecond would tie on created_at; space them a second apart, in queue order.
  const order = [ids.sentWelcome, ids.sentReset, ids.invalidProps, ids.smtpFailed, ids.pending];
  for (const [index, id] of order.entries()) {
    await running.database.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - make_interval(secs => ${order.length - index})` })
      .where(eq(mailOutbox.id, id));
  }
});
afterAll(stopPlatform);

describe("GET /api/mail", () => {
  it("lists the outbox newest first with each message's state", async () => {
    const reply = await list("");

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ totalCount: 5, pageNumber: 1, pageSize: 20, totalPages: 1 });
    expect(reply.body.items.map((item) => item.id)).toEqual([
      ids.pending,
      ids.smtpFailed,
      ids.invalidProps,
      ids.sentReset,
      ids.sentWelcome,
    ]);
    const [pending, smtpFailed, invalidProps, , sentWelcome] = reply.body.items;
    expect(sentWelcome).toEqual({
      id: ids.sentWelcome,
      to: "ana@example.com",
      template: "welcome",
      subject: "Welcome to Sunrise Tennis Club",
      status: "sent",
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
      sentAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(invalidProps).toMatchObject({
      status: "failed",
      attempts: 1,
      subject: null,
      nextAttemptAt: null,
      lastError: expect.stringMatching(/^Email\.InvalidProps: /),
    });
    expect(smtpFailed).toMatchObject({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      lastError: "smtp is unavailable: connect ECONNREFUSED 127.0.0.1:25",
    });
    expect(pending).toMatchObject({
      status: "pending",
      attempts: 1,
      sentAt: null,
      lastError: "email-renderer did not answer within 5000 ms",
    });
    expect(Date.parse(pending?.nextAttemptAt ?? "")).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  it.each([
    ["?status=sent", ["sentReset", "sentWelcome"]],
    ["?status=failed", ["smtpFailed", "invalidProps"]],
    ["?status=pending", ["pending"]],
    ["?search=ANA@", ["sentWelcome"]],
    ["?search=example.com&status=failed", ["smtpFailed", "invalidProps"]],
    ["?search=%25", []],
    ["?search=_", []],
    ["?orderDirection=asc&pageSize=2", ["sentWelcome", "sentReset"]],
    ["?pageSize=2&pageNumber=3", ["sentWelcome"]],
    ["?status=", ["pending", "smtpFailed", "invalidProps", "sentReset", "sentWelcome"]],
  ] as const)("filters and pages %s", async (query, expected) => {
    const reply = await list(query);
    expect(reply.status).toBe(200);
    expect(reply.body.items.map((item) => item.id)).toEqual(expected.map((key) => ids[key]));
  });

  it.each(["status=bounced", "orderBy=to", `search=${"x".repeat(255)}`])(
    "refuses %s with a 400 validation problem",
    async (query) => {
      const reply = await list(`?${query}`);
      expect(reply.status).toBe(400);
      expect(reply.headers.get("content-type")).toBe("application/problem+json");
    },
  );
});

describe("GET /api/mail/{id}", () => {
  it("shows a sent mail with the HTML it was sent with", async () => {
    const reply = await detail(ids.sentWelcome);

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: ids.sentWelcome,
      status: "sent",
      htmlSource: "stored",
      renderError: null,
      messageId: expect.any(String),
    });
    expect(reply.body.html).toBe((await outboxRow(ids.sentWelcome)).html);
    expect(withoutComments(reply.body.html)).toContain("Ana García");
    expect(withoutComments(reply.body.html)).toContain("Gold Monthly");
  });

  it("renders a mail not sent yet from its template and props", async () => {
    const reply = await detail(ids.pending);

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: "pending",
      htmlSource: "rendered",
      subject: "Welcome to Sunrise Tennis Club",
      renderError: null,
    });
    expect(withoutComments(reply.body.html)).toContain("Welcome, Eve!");
    expect((await outboxRow(ids.pending)).html).toBeNull();
  });

  it("says why a mail whose props the template refuses has no HTML", async () => {
    const reply = await detail(ids.invalidProps);

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: "failed",
      html: null,
      htmlSource: null,
      renderError: expect.stringMatching(/^Email\.InvalidProps: .*memberName/),
    });
  });

  it("never shows a live password-reset link, though the mail sent had one", async () => {
    // Issue 13: the outbox keeps only the redacted body of a sent reset mail (it used to keep the live link).
    expect((await outboxRow(ids.sentReset)).html).not.toContain(RESET_TOKEN);

    const reply = await detail(ids.sentReset);

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: "sent",
      htmlSource: "redacted",
      subject: "Reset your Sunrise Tennis Club password",
    });
    expect(JSON.stringify(reply.body)).not.toContain(RESET_TOKEN);
    expect(reply.body.html).toContain("http://localhost:3000/reset-password?token=redacted");
    expect(withoutComments(reply.body.html)).toContain("Hi Ben");
  });

  it("answers 404 Mail.NotFound for an unknown id and 400 for a malformed one", async () => {
    expect(await detail(unknownId)).toMatchObject({ status: 404, body: { code: "Mail.NotFound" } });
    expect((await detail("not-a-uuid")).status).toBe(400);
  });
});

describe("POST /api/mail/{id}/retry", () => {
  it("moves a failed mail back to pending, audits it, and delivers it in the background", async () => {
    const reply = await retry(ids.smtpFailed);

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: ids.smtpFailed,
      status: "pending",
      attempts: MAX_ATTEMPTS,
      nextAttemptAt: expect.any(String),
    });
    const [audit] = await running.database.db
      .select()
      .from(auditOutbox)
      .where(and(eq(auditOutbox.action, "mail.retry_requested"), eq(auditOutbox.entityId, ids.smtpFailed)));
    expect(audit).toMatchObject({
      severity: "Info",
      actorId: admin.id,
      entity: "mail",
      data: { to: "dan@example.com", template: "welcome" },
    });

    const sent = await waitForMail(running.mailer, "dan@example.com", 10_000);
    expect(sent.subject).toBe("Welcome to Sunrise Tennis Club");
    await vi.waitFor(async () =>
      expect(await outboxRow(ids.smtpFailed)).toMatchObject({ status: "sent", attempts: MAX_ATTEMPTS + 1 }),
    );
    // Not due until tomorrow, so the background delivery left it alone.
    expect(await outboxRow(ids.pending)).toMatchObject({ status: "pending", attempts: 1 });
  });

  it("gives a mail one more attempt: refused props fail it again", async () => {
    expect(await retry(ids.invalidProps)).toMatchObject({ status: 200, body: { status: "pending" } });

    await vi.waitFor(
      async () => expect(await outboxRow(ids.invalidProps)).toMatchObject({ status: "failed", attempts: 2 }),
      { timeout: 10_000 },
    );
  });

  it("refuses a mail that is not failed with 409 Mail.NotFailed, and an unknown one with 404", async () => {
    expect(await retry(ids.sentWelcome)).toMatchObject({ status: 409, body: { code: "Mail.NotFailed" } });
    expect(await retry(ids.pending)).toMatchObject({ status: 409, body: { code: "Mail.NotFailed" } });
    expect(await retry(unknownId)).toMatchObject({ status: 404, body: { code: "Mail.NotFound" } });
  });
});

describe("email templates", () => {
  const templateList = (query = "") =>
    call<{ items: TemplateSummary[] }>(listTemplates, { path: `/api/mail/templates${query}`, token: admin.token });
  const preview = (name: string, query = "") =>
    call<TemplatePreview>(previewTemplate, {
      path: `/api/mail/templates/${name}/preview${query}`,
      params: { name },
      token: admin.token,
    });

  it("lists every template with its title, description and the club's sample props, in the club's language", async () => {
    const reply = await templateList();

    expect(reply.status).toBe(200);
    expect(reply.body.items.map((item) => item.name)).toEqual(TEMPLATE_NAMES);
    for (const item of reply.body.items) {
      expect(item.description).toMatch(/^Sent /);
      expect(item.sampleProps).toMatchObject({ clubName: "Test Club", language: "en", timeZone: "Europe/Madrid" });
    }
    expect(reply.body.items.find((item) => item.name === "password-reset")?.title).toBe("Password reset");
    expect(reply.body.items.find((item) => item.name === "renewal-confirmation")?.sampleProps).toMatchObject({
      currency: "EUR",
    });
    expect(
      reply.body.items
        .filter((item) => item.hasSecrets)
        .map((item) => item.name)
        .sort(),
    ).toEqual(["email-change-confirmation", "email-verification", "password-reset", "staff-invitation"]);
  });

  it("lists the templates in Spanish when asked, and refuses a language it does not speak", async () => {
    const reply = await templateList("?language=es");

    expect(reply.status).toBe(200);
    const welcome = reply.body.items.find((item) => item.name === "welcome");
    expect(welcome).toMatchObject({ title: "Bienvenida", sampleProps: { language: "es", planName: "Oro mensual" } });
    expect(welcome?.description).toMatch(/^Se envía /);
    expect(await templateList("?language=fr")).toMatchObject({
      status: 400,
      body: { errors: { language: expect.any(Array) } },
    });
  });

  it.each(TEMPLATE_NAMES)("previews %s with the club's name", async (name) => {
    const reply = await preview(name);

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ name, subject: expect.any(String), text: expect.any(String) });
    expect(reply.body.html).toMatch(/^<!DOCTYPE html/);
    expect(reply.body.html).toContain('lang="en"');
    expect(withoutComments(reply.body.html)).toContain("Test Club");
    expect(withoutComments(reply.body.html)).not.toContain("Sunrise Tennis Club");
  });

  it("previews a template in Spanish with the club's name and Spanish sample data", async () => {
    const reply = await preview("renewal-confirmation", "?language=es");

    expect(reply.status).toBe(200);
    expect(reply.body.subject).toBe("Su plan Oro trimestral se ha renovado");
    expect(reply.body.html).toContain('lang="es"');
    expect(withoutComments(reply.body.html)).toContain("Test Club");
    expect(reply.body.text).toContain("129,90\u00a0€");
    expect(reply.body.text).toContain("30 de junio de 2025");
    expect(await preview("welcome", "?language=de")).toMatchObject({ status: 400 });
  });

  it("answers 404 Mail.TemplateNotFound for an unknown template and 400 for a malformed name", async () => {
    expect(await preview("invoice")).toMatchObject({ status: 404, body: { code: "Mail.TemplateNotFound" } });
    expect(await preview("toString")).toMatchObject({ status: 400 });
    expect((await preview("../welcome")).status).toBe(400);
  });
});

describe("mail permissions", () => {
  it("lets mail:read holders read but not retry, and refuses everyone else", async () => {
    const role = await running.database.rows<{ id: string }>(
      running.database.db,
      sql`insert into roles (name, description) values ('Mail reader', 'reads mail') returning id`,
    );
    await running.database.db.execute(
      sql`insert into role_permissions (role_id, permission) values (${role[0]?.id}, 'mail:read')`,
    );
    const reader = await createAccount(superToken, ["Mail reader"]);

    expect((await list("", reader.token)).status).toBe(200);
    expect((await detail(ids.sentWelcome, reader.token)).status).toBe(200);
    expect(await retry(ids.invalidProps, reader.token)).toMatchObject({
      status: 403,
      body: { code: "Auth.Forbidden" },
    });
    expect(await list("", employee.token)).toMatchObject({ status: 403, body: { code: "Auth.Forbidden" } });
    expect(await detail(ids.sentWelcome, employee.token)).toMatchObject({
      status: 403,
      body: { code: "Auth.Forbidden" },
    });
  });
});
