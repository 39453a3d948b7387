import type { TemplateName } from "@/emails/registry";
import type { Executor } from "@/lib/platform/db";
import { type MailAttachmentReference, mailOutbox } from "@/lib/platform/db/schema/mail";
import { deliverMailAfterCommit } from "./dispatch";
import { sealSecretProps } from "./secret-props";

export type MailRequest = {
  template: TemplateName;
  to: string;
  /** Checked against the template's schema when the mail is rendered; bad props fail that mail, not the caller. */
  props: Record<string, unknown>;
  /** Business key that makes the mail idempotent, e.g. `renewal-reminder:<subscription>:<term>`. */
  dedupeKey?: string;
  /**
   * Files of the club's storage to send with it, by reference: read when the mail is sent, so the outbox row stays
   * small. A file deleted before then fails the mail (never sent without it).
   */
  attachments?: MailAttachmentReference[];
};

/**
 * Queues a mail through the caller's executor, so it is sent exactly when the caller's change commits, within seconds
 * of the commit (deliverMailAfterCommit) or at the next deliver-mail run.
 * Returns null, inserting nothing, when a mail with the same dedupe key was queued before.
 * The template's secret props (credential links) are stored encrypted, never in plain text (./secret-props.ts).
 */
export async function enqueueMail(executor: Executor, mail: MailRequest): Promise<{ id: string } | null> {
  const { props, sealedProps } = await sealSecretProps(mail);
  const [queued] = await executor
    .insert(mailOutbox)
    .values({
      template: mail.template,
      toAddress: mail.to,
      props,
      sealedProps,
      attachments: mail.attachments ?? [],
      dedupeKey: mail.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  if (queued) deliverMailAfterCommit(executor);
  return queued ?? null;
}
