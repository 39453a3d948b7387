import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import type { BucketName } from "../../storage";
import { createdAt, id, timestamptz } from "./columns";

/**
 * A file of the club's storage sent with a mail, by its storage key (files.bucket, files.object_key): its bytes are
 * read when the mail is sent. By key rather than by file id, so the outbox needs no file module (mail sits below it).
 */
export type MailAttachmentReference = {
  bucket: BucketName;
  objectKey: string;
  /** The name the recipient sees, "F2026-000123.pdf". */
  fileName: string;
  contentType: string;
};

export const mailStatus = pgEnum("mail_status", ["pending", "sent", "failed"]);

/** Durable mail outbox: an SMTP outage delays mail, never loses it. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    template: text("template").notNull(),
    toAddress: text("to_address").notNull(),
    /** The template's props with every secret (credential link) redacted; the outbox view renders from these. */
    props: jsonb("props").notNull(),
    /** The secret props themselves, AES-256-GCM-encrypted (lib/mail/secret-props.ts) until the mail is sent, then null. */
    sealedProps: text("sealed_props"),
    /** Files sent with the mail, fetched from storage at delivery, so a queued mail stays small. */
    attachments: jsonb("attachments").$type<MailAttachmentReference[]>().notNull().default([]),
    subject: text("subject"),
    html: text("html"),
    textBody: text("text_body"),
    status: mailStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    messageId: text("message_id"),
    /** Business key that makes a mail idempotent, e.g. one reminder per subscription term. */
    dedupeKey: text("dedupe_key").unique("mail_outbox_dedupe_key"),
    createdAt: createdAt(),
    sentAt: timestamptz("sent_at"),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // The failed mails alone, so the clubops_mail_outbox gauge counts them without reading every sent mail.
    index("mail_outbox_failed_idx").on(t.createdAt).where(sql`${t.status} = 'failed'`),
    // The console's outbox list: newest first, ties broken by id.
    index("mail_outbox_created_idx").on(t.createdAt, t.id),
    // The overdue list counts an invoice's reminders by the prefix `dunning:<invoice>:` of their dedupe keys, a byte
    // range (~>=~, ~<~) that this pattern operator class indexes whatever the database's collation.
    index("mail_outbox_dunning_key_idx")
      .on(t.dedupeKey.op("text_pattern_ops"))
      .where(sql`${t.dedupeKey} like 'dunning:%'`),
  ],
);
