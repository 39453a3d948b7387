import "@/tests/support/isolated-env";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { mailOutbox } from "@/lib/platform/db/schema/mail";
import type { EmailRenderer } from "@/lib/platform/email-renderer";
import { DependencyTimeoutError, DependencyUnavailableError } from "@/lib/platform/errors";
import type { Mailer } from "@/lib/platform/smtp";
import { resetDatabase } from "@/tests/support/reset-database";
import { deliverPendingMail, MAX_ATTEMPTS } from "./delivery";
import { deliverMailSoon } from "./dispatch";
import { enqueueMail } from "./outbox";

const MINUTE = 60_000;

let running: Platform;

beforeAll(async () => {
  running = await platform();
});
beforeEach(async () => {
  await resetDatabase(running.database);
});
afterAll(stopPlatform);

const welcome = (memberName: string) => ({
  memberName,
  planName: "Gold Monthly",
  startsOn: "2025-03-01",
  endsOn: "2025-03-31",
  clubName: "Sunrise Tennis Club",
});

/** The real mailer, failing its first `failures` sends as an SMTP outage would, and counting the sends that went out. */
function flakyMailer(real: Mailer, failures: number) {
  let remaining = failures;
  const sentTo: string[] = [];
  const mailer: Mailer = {
    ...real,
    async send(mail) {
      if (remaining > 0) {
        remaining -= 1;
        throw new DependencyUnavailableError("smtp", { cause: new Error("connect ECONNREFUSED 127.0.0.1:25") });
      }
      const sent = await real.send(mail);
      sentTo.push(mail.to);
      return sent;
    },
  };
  return { mailer, sentTo };
}

const deps = (mailer: Mailer = running.mailer, renderer: EmailRenderer = running.renderer) => ({
  database: running.database,
  renderer,
  mailer,
  storage: running.storage,
});

async function outboxRow(id: string | undefined) {
  const [row] = await running.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id ?? ""));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

async function capturedFor(address: string) {
  return (await running.mailer.captured()).filter((mail) => mail.to.includes(address));
}

const laterBy = (start: Date, ms: number) => () => new Date(start.getTime() + ms);
/**
 * A pinned clock under which mail enqueued just now is due: the database stamps next_attempt_at in microseconds,
 * so a JavaScript Date taken in the same millisecond can be just behind it.
 */
const justAfterEnqueue = () => new Date(Date.now() + 1_000);

describe("mail outbox delivery", () => {
  it("renders an enqueued mail, sends it over SMTP and records it as sent", async () => {
    const queued = await enqueueMail(running.database.db, {
      template: "welcome",
      to: "ana@example.com",
      props: welcome("Ana García"),
    });

    const result = await deliverPendingMail(deps());

    expect(result).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [mail, ...others] = await capturedFor("ana@example.com");
    expect(others).toEqual([]);
    expect(mail?.subject).toBe("Welcome to Sunrise Tennis Club");
    expect(mail?.html).toContain("Ana García");
    const row = await outboxRow(queued?.id);
    expect(row).toMatchObject({
      status: "sent",
      attempts: 1,
      subject: "Welcome to Sunrise Tennis Club",
      lastError: null,
    });
    expect(row.messageId).toBe(mail?.id);
    expect(row.html).toContain("Ana García");
    expect(row.textBody).toContain("Gold Monthly");
    expect(row.sentAt).toBeInstanceOf(Date);

    expect(await deliverPendingMail(deps())).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await capturedFor("ana@example.com")).toHaveLength(1);
  });

  it("sends committed mail in the background without waiting for the job", async () => {
    await running.database.db.transaction(async (tx) => {
      await enqueueMail(tx, { template: "welcome", to: "hal@example.com", props: welcome("Hal") });
    });

    deliverMailSoon(running);

    await vi.waitFor(async () => expect(await capturedFor("hal@example.com")).toHaveLength(1), { timeout: 10_000 });
    await vi.waitFor(async () =>
      expect(await running.database.db.$count(mailOutbox, eq(mailOutbox.status, "sent"))).toBe(1),
    );
  });

  it("queues a mail with a dedupe key once", async () => {
    const mail = {
      template: "welcome",
      to: "ben@example.com",
      props: welcome("Ben"),
      dedupeKey: "welcome:member-7",
    } as const;

    const first = await enqueueMail(running.database.db, mail);
    const second = await enqueueMail(running.database.db, { ...mail, props: welcome("Ben again") });

    expect(first).toEqual({ id: expect.any(String) });
    expect(second).toBeNull();
    expect(await running.database.db.$count(mailOutbox)).toBe(1);
    expect(await deliverPendingMail(deps())).toMatchObject({ sent: 1 });
    expect(await capturedFor("ben@example.com")).toHaveLength(1);
  });

  it("queues nothing when the caller's transaction rolls back", async () => {
    const change = running.database.db.transaction(async (tx) => {
      await enqueueMail(tx, { template: "welcome", to: "cleo@example.com", props: welcome("Cleo") });
      throw new Error("the change failed after queueing its mail");
    });

    await expect(change).rejects.toThrow("the change failed after queueing its mail");
    expect(await running.database.db.$count(mailOutbox)).toBe(0);
  });

  it("keeps a mail pending through an SMTP outage and sends it on a later run", async () => {
    const queued = await enqueueMail(running.database.db, {
      template: "welcome",
      to: "dan@example.com",
      props: welcome("Dan"),
    });
    const smtp = flakyMailer(running.mailer, 1);
    const start = justAfterEnqueue();

    expect(await deliverPendingMail(deps(smtp.mailer), { now: () => start })).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    const waiting = await outboxRow(queued?.id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, messageId: null, sentAt: null });
    expect(waiting.lastError).toBe("smtp is unavailable: connect ECONNREFUSED 127.0.0.1:25");
    expect(waiting.nextAttemptAt.getTime()).toBe(start.getTime() + MINUTE);

    // Not retried before its time.
    expect(await deliverPendingMail(deps(smtp.mailer), { now: laterBy(start, 30_000) })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });

    expect(await deliverPendingMail(deps(smtp.mailer), { now: laterBy(start, MINUTE) })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    expect(await outboxRow(queued?.id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(smtp.sentTo).toEqual(["dan@example.com"]);
    expect(await capturedFor("dan@example.com")).toHaveLength(1);
  });

  it("retries a mail when the renderer is down", async () => {
    const queued = await enqueueMail(running.database.db, {
      template: "welcome",
      to: "eva@example.com",
      props: welcome("Eva"),
    });
    const renderer: EmailRenderer = {
      ...running.renderer,
      render: () => Promise.reject(new DependencyTimeoutError("email-renderer", 5_000)),
    };

    expect(await deliverPendingMail(deps(running.mailer, renderer))).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await outboxRow(queued?.id)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "email-renderer did not answer within 5000 ms",
    });
    expect(await capturedFor("eva@example.com")).toEqual([]);
  });

  it("fails a mail whose props the template refuses at once, without sending it", async () => {
    const queued = await enqueueMail(running.database.db, {
      template: "welcome",
      to: "fay@example.com",
      props: { memberName: 42 },
    });
    const smtp = flakyMailer(running.mailer, 0);

    expect(await deliverPendingMail(deps(smtp.mailer))).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const row = await outboxRow(queued?.id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, sentAt: null, subject: null });
    expect(row.lastError).toMatch(/^Email\.InvalidProps: .*memberName/);

    expect(await deliverPendingMail(deps(smtp.mailer), { now: laterBy(new Date(), 24 * 60 * MINUTE) })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(smtp.sentTo).toEqual([]);
    expect(await capturedFor("fay@example.com")).toEqual([]);
  });

  it("backs off 1, 2, 4 … minutes, at most an hour, and fails the mail after the last attempt", async () => {
    const queued = await enqueueMail(running.database.db, {
      template: "welcome",
      to: "gus@example.com",
      props: welcome("Gus"),
    });
    const smtp = flakyMailer(running.mailer, Number.POSITIVE_INFINITY);
    const delays: number[] = [];
    let clock = justAfterEnqueue();

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      const at = clock;
      expect(await deliverPendingMail(deps(smtp.mailer), { now: () => at })).toEqual({
        sent: 0,
        retrying: 1,
        failed: 0,
      });
      const row = await outboxRow(queued?.id);
      expect(row).toMatchObject({ status: "pending", attempts: attempt });
      delays.push((row.nextAttemptAt.getTime() - at.getTime()) / MINUTE);
      clock = row.nextAttemptAt;
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 60]);

    expect(await deliverPendingMail(deps(smtp.mailer), { now: () => clock })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 1,
    });
    expect(await outboxRow(queued?.id)).toMatchObject({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      lastError: "smtp is unavailable: connect ECONNREFUSED 127.0.0.1:25",
    });
    expect(await deliverPendingMail(deps(smtp.mailer), { now: laterBy(clock, 24 * 60 * MINUTE) })).toMatchObject({
      failed: 0,
    });
    expect(smtp.sentTo).toEqual([]);
  });

  it("lets two deliveries run at once without sending any mail twice", async () => {
    const addresses = Array.from({ length: 24 }, (_, n) => `member-${n}@concurrent.example.com`);
    for (const [n, to] of addresses.entries()) {
      await enqueueMail(running.database.db, { template: "welcome", to, props: welcome(`Member ${n}`) });
    }
    const smtp = flakyMailer(running.mailer, 0);
    const deliver = () => deliverPendingMail(deps(smtp.mailer), { batchSize: 4 });

    const [first, second] = await Promise.all([deliver(), deliver()]);

    expect(first.sent + second.sent).toBe(addresses.length);
    // Both took a share: the second skipped the mail the first had claimed rather than waiting for it or resending it.
    expect(Math.min(first.sent, second.sent)).toBeGreaterThan(0);
    expect(first.retrying + second.retrying + first.failed + second.failed).toBe(0);
    expect([...smtp.sentTo].sort()).toEqual([...addresses].sort());
    const captured = (await running.mailer.captured())
      .flatMap((mail) => mail.to)
      .filter((to) => to.endsWith("@concurrent.example.com"));
    expect(captured.sort()).toEqual([...addresses].sort());
    expect(await running.database.db.$count(mailOutbox, eq(mailOutbox.status, "sent"))).toBe(addresses.length);
  });

  it("sends a row again after an unknown outcome with the same Message-ID, the From address's domain after its id", async () => {
    const queued = await enqueueMail(running.database.db, {
      template: "welcome",
      to: "una@example.com",
      props: welcome("Una"),
    });
    // SMTP accepts the message, then the connection breaks before its answer: to the sender, the outcome is unknown.
    let broken = true;
    const mailer: Mailer = {
      ...running.mailer,
      async send(mail) {
        const sent = await running.mailer.send(mail);
        if (!broken) return sent;
        broken = false;
        throw new DependencyUnavailableError("smtp", { cause: new Error("read ECONNRESET") });
      },
    };
    const start = justAfterEnqueue();
    expect(await deliverPendingMail(deps(mailer), { now: () => start })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await deliverPendingMail(deps(mailer), { now: laterBy(start, MINUTE + 1_000) })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });

    const copies = await capturedFor("una@example.com");
    expect(copies).toHaveLength(2);
    const messageId = `<${queued?.id}@clubops.local>`;
    expect(copies.map((copy) => copy.id)).toEqual([messageId, messageId]);
    expect((await outboxRow(queued?.id)).messageId).toBe(messageId);
  });

  it("sends within a minute the mail of an instance that died while sending it, and once", async () => {
    const queued = await enqueueMail(running.database.db, {
      template: "welcome",
      to: "dead@example.com",
      props: welcome("Dee"),
    });
    // The first instance claims the mail and never comes back from SMTP.
    let die = (_error: Error) => {};
    const dying: Mailer = {
      ...running.mailer,
      send: () =>
        new Promise((_, reject) => {
          die = reject;
        }),
    };
    const start = justAfterEnqueue();
    const first = deliverPendingMail(deps(dying), { now: () => start });
    // Claimed: reserved for a lease.
    await vi.waitFor(async () => expect((await outboxRow(queued?.id)).nextAttemptAt > start).toBe(true));

    // Another instance, a minute later, finds it due (under the old 10-minute lease it waited ten).
    expect(await deliverPendingMail(deps(), { now: laterBy(start, 30_000) })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(await deliverPendingMail(deps(), { now: laterBy(start, MINUTE + 1_000) })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    die(new Error("the instance is gone"));
    // Its late failure does not undo the mail the other instance sent.
    expect(await first).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await outboxRow(queued?.id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await capturedFor("dead@example.com")).toHaveLength(1);
  });
});
