import "@/tests/support/isolated-env";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { renderInvoicePdf } from "@/lib/billing/pdf/render-invoice";
import { storeGeneratedFile } from "@/lib/files/service";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { mailOutbox } from "@/lib/platform/db/schema/mail";
import { DependencyUnavailableError } from "@/lib/platform/errors";
import { ok } from "@/lib/platform/result";
import type { Storage } from "@/lib/platform/storage";
import { invoiceDocument } from "@/tests/support/invoice-document";
import { resetDatabase } from "@/tests/support/reset-database";
import { getMail } from "./admin";
import { deliverPendingMail } from "./delivery";
import { enqueueMail } from "./outbox";

let running: Platform;

beforeAll(async () => {
  running = await platform();
});
beforeEach(async () => {
  await resetDatabase(running.database);
});
afterAll(stopPlatform);

const props = {
  memberName: "Ana García",
  planName: "Gold Monthly",
  startsOn: "2026-12-01",
  endsOn: "2026-12-31",
  clubName: "Sunrise Tennis Club",
};

/**
 * An invoice PDF stored in club-documents, and a mail to `to` queued with it attached. Queued on the plain database
 * handle, which starts no background delivery: each test delivers when it chooses.
 */
async function queueWithPdf(to: string) {
  const pdf = await renderInvoicePdf(invoiceDocument());
  const stored = await storeGeneratedFile(
    { db: running.database.db, storage: running.storage },
    {
      bucket: "club-documents",
      fileName: "F2026-000123.pdf",
      contentType: "application/pdf",
      content: pdf,
      subject: { type: "invoice", id: randomUUID() },
    },
    async (_tx, file) => ok(file),
  );
  if (!stored.ok) throw new Error(stored.error.message);
  const { bucket, objectKey, checksumSha256 } = stored.value;
  const attachment = { bucket, objectKey, fileName: "F2026-000123.pdf", contentType: "application/pdf" };
  const mail = await enqueueMail(running.database.db, { template: "welcome", to, props, attachments: [attachment] });
  return { pdf, mailId: mail?.id ?? "", attachment, checksumSha256 };
}

const deps = (storage: Storage = running.storage) => ({ ...running, storage });
const inAnHour = () => new Date(Date.now() + 60 * 60_000);
/** Mail enqueued just now is due: the database stamps next_attempt_at in microseconds, ahead of a Date of the same ms. */
const justAfterEnqueue = () => new Date(Date.now() + 1_000);

async function outboxRow(id: string) {
  const [row] = await running.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

async function capturedFor(address: string) {
  return (await running.mailer.captured()).filter((mail) => mail.to.includes(address));
}

describe("mail attachments", () => {
  it("sends the stored file with the mail, read from storage at delivery, and keeps only its reference queued", async () => {
    const { pdf, mailId, attachment: reference, checksumSha256 } = await queueWithPdf("ana@example.com");
    const queuedRow = await outboxRow(mailId);
    expect(queuedRow.attachments).toEqual([reference]);
    expect(JSON.stringify(queuedRow).length).toBeLessThan(2_000);

    expect(await deliverPendingMail(deps(), { now: justAfterEnqueue })).toEqual({ sent: 1, retrying: 0, failed: 0 });

    const [mail] = await capturedFor("ana@example.com");
    expect(mail?.attachments).toHaveLength(1);
    const [attachment] = mail?.attachments ?? [];
    expect(attachment).toMatchObject({
      fileName: "F2026-000123.pdf",
      contentType: "application/pdf",
      sizeBytes: pdf.byteLength,
    });
    expect(Buffer.from(attachment?.contentBase64 ?? "", "base64").equals(Buffer.from(pdf))).toBe(true);
    expect(attachment?.checksumSha256).toBe(checksumSha256);
    expect(await outboxRow(mailId)).toMatchObject({ status: "sent", attempts: 1 });
    const shown = await getMail({ db: running.database.db, renderer: running.renderer }, mailId);
    expect(shown.ok && shown.value.attachments).toEqual([
      { fileName: "F2026-000123.pdf", contentType: "application/pdf" },
    ]);
  });

  it("retries, as for an SMTP outage, while storage is down, and sends the attachment once it is back", async () => {
    const { pdf, mailId } = await queueWithPdf("ben@example.com");
    const down: Storage = {
      ...running.storage,
      get: () =>
        Promise.reject(new DependencyUnavailableError("storage", { cause: new Error("connect ECONNREFUSED") })),
    };

    expect(await deliverPendingMail(deps(down), { now: justAfterEnqueue })).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    expect(await outboxRow(mailId)).toMatchObject({ status: "pending", attempts: 1 });
    expect((await outboxRow(mailId)).lastError).toMatch(/^storage is unavailable/);
    expect(await capturedFor("ben@example.com")).toEqual([]);

    expect(await deliverPendingMail(deps(), { now: inAnHour })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [mail] = await capturedFor("ben@example.com");
    expect(mail?.attachments[0]?.sizeBytes).toBe(pdf.byteLength);
  });

  it("fails a mail whose file no longer exists, naming it, rather than sending it without", async () => {
    const { mailId, attachment } = await queueWithPdf("cai@example.com");
    await running.storage.delete(attachment.bucket, attachment.objectKey);

    expect(await deliverPendingMail(deps(), { now: justAfterEnqueue })).toEqual({ sent: 0, retrying: 0, failed: 1 });

    const row = await outboxRow(mailId);
    expect(row).toMatchObject({ status: "failed", attempts: 1, sentAt: null });
    expect(row.lastError).toBe(
      `Mail.AttachmentMissing: its attachment F2026-000123.pdf (club-documents/${attachment.objectKey}) is no longer in the club's storage`,
    );
    expect(await capturedFor("cai@example.com")).toEqual([]);
  });
});
