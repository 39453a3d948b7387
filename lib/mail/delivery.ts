import { setTimeout as sleep } from "node:timers/promises";
import { and, asc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import { isTemplateName, templates } from "@/emails/registry";
import type { Database, DatabaseAdapter } from "@/lib/platform/db";
import { mailOutbox } from "@/lib/platform/db/schema/mail";
import type { EmailRenderer, RenderedEmail } from "@/lib/platform/email-renderer";
import { ok, type Result } from "@/lib/platform/result";
import type { Mailer } from "@/lib/platform/smtp";
import type { Storage } from "@/lib/platform/storage";
import { loadAttachments } from "./attachments";
import { openSecretProps } from "./secret-props";

/** After this many failed attempts (1 + 2 + 4 + … + 32 + 60 min: about 2 h of retrying) a mail is failed for good. */
export const MAX_ATTEMPTS = 8;
const DEFAULT_BATCH_SIZE = 10;
/** Bounds one run (500 mails); the next run carries on. */
const MAX_BATCHES_PER_RUN = 50;
/**
 * How long a claimed mail is reserved for the instance that claimed it: it outlasts one attempt (render 5 s, then SMTP
 * connect, greeting and idle timeouts 25 s), and is renewed for the rest of the batch before each mail, so the mail of
 * an instance that died is sent by another within a minute (it waited 10 minutes under the lease this replaced).
 */
const LEASE_MS = 60_000;
/** Recording a sent mail is tried this often, a second apart, before the run gives up (the mail then goes again). */
const RECORD_TRIES = 3;
const FIRST_RETRY_DELAY_MS = 60_000;
const MAX_RETRY_DELAY_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 1_000;

type OutboxRow = typeof mailOutbox.$inferSelect;

export type MailDeliveryDependencies = {
  database: DatabaseAdapter;
  renderer: EmailRenderer;
  mailer: Mailer;
  /** Where attachments are read from, when the mail is sent. */
  storage: Storage;
};
export type MailDeliveryOptions = {
  batchSize?: number;
  /** Overrides the database clock, which otherwise decides what is due and stamps every outcome. */
  now?: () => Date;
};
export type MailDeliveryResult = { sent: number; retrying: number; failed: number };

/**
 * What happened to one mail: sent (with what is kept of it: no credential link), refused by the renderer, with
 * secrets that no longer open or an attachment that no longer exists (permanent), or an outage or timeout (worth
 * retrying).
 */
type Attempt =
  | { outcome: "sent"; kept: KeptCopy; messageId: string }
  | { outcome: "rejected"; error: string }
  | { outcome: "errored"; error: string };

/**
 * Sends the pending mail that is due, oldest first, and records each outcome as soon as it is known.
 *
 * Claim, then send: a short statement claims a batch (SKIP LOCKED, so concurrent instances take different rows)
 * by moving its next_attempt_at forward by a lease; rendering and SMTP happen outside any transaction, so a slow
 * SMTP server never holds a database connection or locks. A mail is claimed by one instance at a time and never
 * sent twice, except when its outcome is unknown: the instance died, or could not record it, between SMTP accepting it
 * and the record (at-least-once, docs/operations.md, SMTP). Every send of a row carries the same Message-ID, so such a
 * second copy is recognisably the same message.
 */
export async function deliverPendingMail(
  deps: MailDeliveryDependencies,
  options: MailDeliveryOptions = {},
): Promise<MailDeliveryResult> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  // The database's clock by default: it stamped next_attempt_at on enqueue, and an app server's clock may be behind it.
  const now = (): SQL => (options.now ? sql`${options.now().toISOString()}::timestamptz` : sql`now()`);
  const result: MailDeliveryResult = { sent: 0, retrying: 0, failed: 0 };
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
    const claimed = await claimDueMail(deps.database.db, batchSize, now());
    for (const [index, row] of claimed.entries()) {
      await renewLease(deps.database.db, claimed.slice(index), now());
      const attempt = await attemptDelivery(deps, row);
      result[await recordAttempt(deps.database.db, row, attempt, now())] += 1;
    }
    // A short batch means nothing else is due; a retry means SMTP or the renderer is struggling, so the rest waits.
    if (claimed.length < batchSize || result.retrying > 0) break;
  }
  return result;
}

async function claimDueMail(db: Database, batchSize: number, now: SQL): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ nextAttemptAt: later(now, LEASE_MS) })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** Keeps the batch's rows still to send reserved for this run for another lease. */
async function renewLease(db: Database, rows: readonly OutboxRow[], now: SQL): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: later(now, LEASE_MS) })
    .where(
      and(
        inArray(
          mailOutbox.id,
          rows.map((row) => row.id),
        ),
        eq(mailOutbox.status, "pending"),
      ),
    );
}

type KeptCopy = { email: RenderedEmail; props: Record<string, unknown> };

const refusal = (error: { code: string; message: string }): Attempt => ({
  outcome: "rejected",
  error: `${error.code}: ${error.message}`,
});
const UNREADABLE_SECRETS = {
  code: "Mail.SecretsUnreadable",
  message: "its links were encrypted under another AUTH_SECRET, or altered",
};

/**
 * What the outbox keeps of a sent mail: the message itself, or for a template with credential links, the message
 * rendered from the redacted props (mail queued before links were sealed has them in its props: redacted here too).
 */
async function keptCopy(
  renderer: EmailRenderer,
  name: string,
  stored: Record<string, unknown>,
  sent: RenderedEmail,
): Promise<Result<KeptCopy>> {
  const template = isTemplateName(name) ? templates[name] : null;
  if (!template?.hasSecrets) return ok({ email: sent, props: stored });
  const props = template.redact(stored);
  const redacted = await renderer.render(name, props);
  return redacted.ok ? ok({ email: redacted.value, props }) : redacted;
}

/**
 * Renders and sends one mail, with its attachments read from storage; touches no database, so a thrown failure of
 * any component (a storage outage too) becomes a retry. The message sent carries its credential links (opened from their
 * sealed copy); what is kept of it does not.
 */
async function attemptDelivery(
  { renderer, mailer, storage }: MailDeliveryDependencies,
  row: OutboxRow,
): Promise<Attempt> {
  try {
    // enqueueMail stores only objects; the renderer validates them against the template.
    const stored = row.props as Record<string, unknown>;
    const props = await openSecretProps({
      template: row.template,
      to: row.toAddress,
      props: stored,
      sealedProps: row.sealedProps,
    });
    if (!props) return refusal(UNREADABLE_SECRETS);
    const rendered = await renderer.render(row.template, props);
    if (!rendered.ok) return refusal(rendered.error);
    const kept = await keptCopy(renderer, row.template, stored, rendered.value);
    if (!kept.ok) return refusal(kept.error);
    const attachments = await loadAttachments(storage, row.attachments);
    if (!attachments.ok) return refusal(attachments.error);
    const { messageId } = await mailer.send({
      id: row.id,
      to: row.toAddress,
      ...rendered.value,
      attachments: attachments.value,
    });
    return { outcome: "sent", kept: kept.value, messageId };
  } catch (error) {
    return { outcome: "errored", error: describeError(error) };
  }
}

/**
 * Stores the attempt, trying again a few times: a sent mail whose record is lost goes out again. The status condition
 * keeps a late writer from undoing a mail another instance sent.
 */
async function recordAttempt(
  db: Database,
  row: OutboxRow,
  attempt: Attempt,
  now: SQL,
): Promise<keyof MailDeliveryResult> {
  const changes = changesFor(row, attempt, now);
  for (let tries = 1; ; tries += 1) {
    try {
      await db
        .update(mailOutbox)
        .set(changes)
        .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, "pending")));
      return changes.status === "pending" ? "retrying" : changes.status;
    } catch (error) {
      if (tries >= RECORD_TRIES) throw error;
      await sleep(1_000);
    }
  }
}

function changesFor(row: OutboxRow, attempt: Attempt, now: SQL) {
  const attempts = row.attempts + 1;
  switch (attempt.outcome) {
    case "sent": {
      const { email, props } = attempt.kept;
      return {
        status: "sent",
        attempts,
        subject: email.subject,
        html: email.html,
        textBody: email.text,
        props,
        // A sent mail is not sent again (retry takes only failed mail): its secrets are no longer needed.
        sealedProps: null,
        messageId: attempt.messageId,
        sentAt: now,
      } as const;
    }
    case "rejected":
      return { status: "failed", attempts, lastError: attempt.error } as const;
    case "errored":
      return {
        status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
        attempts,
        lastError: attempt.error,
        nextAttemptAt: later(now, retryDelayMs(attempts)),
      } as const;
  }
}

function later(now: SQL, ms: number): SQL {
  return sql`${now} + ${ms}::bigint * interval '1 millisecond'`;
}

/** 1 min after the first failure, doubling after each further one, at most 1 h. */
function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** (failedAttempts - 1), MAX_RETRY_DELAY_MS);
}

/** The message and its causes ("smtp is unavailable: connect ECONNREFUSED …"), for the row's last_error. */
function describeError(error: unknown): string {
  const messages: string[] = [];
  for (let current = error; current instanceof Error && messages.length < 4; current = current.cause) {
    messages.push(current.message);
  }
  return (messages.join(": ") || String(error)).slice(0, MAX_ERROR_LENGTH);
}
