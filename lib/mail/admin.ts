import { and, asc, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import { isTemplateName, templates } from "@/emails/registry";
import { recordAudit } from "@/lib/audit/record";
import { containing } from "@/lib/platform/db/like";
import { countRowsOf, selectPage } from "@/lib/platform/db/paged-select";
import { mailOutbox } from "@/lib/platform/db/schema/mail";
import { commitWhatever } from "@/lib/platform/db/transaction";
import type { Paginated } from "@/lib/platform/pagination";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { Acting, ServiceContext } from "@/lib/services/context";
import { deliverMailAfterCommit } from "./dispatch";
import { MailErrors } from "./errors";
import type { MailListQuery, MailStatus } from "./schemas";

/** One outbox message as staff see it in the list. */
export type MailListItem = {
  id: string;
  to: string;
  template: string;
  /** Known once the mail was rendered for sending, so null while it is pending or failed (the detail renders it). */
  subject: string | null;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  /** When the next attempt is due; null unless pending. */
  nextAttemptAt: Date | null;
  sentAt: Date | null;
  createdAt: Date;
};

/**
 * Where the detail's HTML comes from: `stored` (the body sent, kept with the mail), `rendered` (rendered now from the
 * stored template and props, for mail not sent yet), `redacted` (for templates that carry a credential link: the body
 * kept at sending or rendered now, either way with the links' tokens replaced), or null when the renderer refused
 * the props (`renderError` says why).
 */
type HtmlSource = "stored" | "rendered" | "redacted";

export type MailMessage = MailListItem & {
  messageId: string | null;
  /** The files sent with it, by name and type (their storage keys stay internal). */
  attachments: { fileName: string; contentType: string }[];
  html: string | null;
  htmlSource: HtmlSource | null;
  renderError: string | null;
};

const listColumns = {
  id: mailOutbox.id,
  to: mailOutbox.toAddress,
  template: mailOutbox.template,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  nextAttemptAt:
    sql<Date | null>`case when ${mailOutbox.status} = 'pending' then ${mailOutbox.nextAttemptAt} end`.mapWith(
      mailOutbox.nextAttemptAt,
    ),
  sentAt: mailOutbox.sentAt,
  createdAt: mailOutbox.createdAt,
};

function filterOf(query: Pick<MailListQuery, "status" | "search">): SQL | undefined {
  return and(
    query.status ? eq(mailOutbox.status, query.status) : undefined,
    query.search ? ilike(mailOutbox.toAddress, containing(query.search)) : undefined,
  );
}

/** The outbox, newest first by default (ties broken by id), filtered by status and recipient. */
export function listMail({ db }: Pick<ServiceContext, "db">, query: MailListQuery): Promise<Paginated<MailListItem>> {
  const direction = query.orderDirection === "asc" ? asc : desc;
  return selectPage(
    { rows: db.select(listColumns).from(mailOutbox).$dynamic(), count: countRowsOf(db, mailOutbox) },
    filterOf(query),
    [direction(mailOutbox.createdAt), direction(mailOutbox.id)],
    query,
  );
}

/**
 * One message with its HTML body. Sent mail keeps the body it was sent with; other mail is rendered now through the
 * renderer (its outage is a 503, as for any dependency). Templates with credential links (password reset, email
 * verification) are only ever shown with the tokens replaced: the outbox keeps no other copy, and mail queued before
 * links were sealed is redacted before rendering, so reading the outbox never hands out a live link.
 */
export async function getMail(deps: Pick<ServiceContext, "db" | "renderer">, id: string): Promise<Result<MailMessage>> {
  const [row] = await deps.db
    .select({
      ...listColumns,
      messageId: mailOutbox.messageId,
      html: mailOutbox.html,
      props: mailOutbox.props,
      attachmentReferences: mailOutbox.attachments,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  if (!row) return fail(MailErrors.notFound);
  const { props, html: storedHtml, attachmentReferences, ...listed } = row;
  const attachments = attachmentReferences.map(({ fileName, contentType }) => ({ fileName, contentType }));
  const message = { ...listed, attachments };
  const template = isTemplateName(row.template) ? templates[row.template] : null;
  const redact = template?.hasSecrets === true;
  if (storedHtml !== null)
    return ok({ ...message, html: storedHtml, htmlSource: redact ? "redacted" : "stored", renderError: null });
  // enqueueMail stores only objects.
  const stored = props as Record<string, unknown>;
  const rendered = await deps.renderer.render(row.template, redact ? template.redact(stored) : stored);
  if (!rendered.ok)
    return ok({
      ...message,
      html: null,
      htmlSource: null,
      renderError: `${rendered.error.code}: ${rendered.error.message}`,
    });
  return ok({
    ...message,
    subject: message.subject ?? rendered.value.subject,
    html: rendered.value.html,
    htmlSource: redact ? "redacted" : "rendered",
    renderError: null,
  });
}

/**
 * Puts a failed mail back in the queue, due now, and audits who asked. It gets one more attempt: `attempts` keeps
 * counting, so if that attempt fails too the mail is failed again rather than starting a new round of backoff.
 */
export async function retryMail(
  { db, actor }: Pick<ServiceContext, "db"> & Acting,
  id: string,
): Promise<Result<MailListItem>> {
  return commitWhatever(db, async (tx) => {
    const [retried] = await tx
      .update(mailOutbox)
      .set({ status: "pending", nextAttemptAt: sql`now()` })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "failed")))
      .returning(listColumns);
    if (!retried) {
      const [existing] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, id));
      return fail(existing ? MailErrors.notFailed : MailErrors.notFound);
    }
    await recordAudit(tx, {
      action: "mail.retry_requested",
      severity: "Info",
      actorId: actor.id,
      entity: "mail",
      entityId: id,
      data: { to: retried.to, template: retried.template, attempts: retried.attempts, lastError: retried.lastError },
    });
    deliverMailAfterCommit(tx);
    return ok(retried);
  });
}
