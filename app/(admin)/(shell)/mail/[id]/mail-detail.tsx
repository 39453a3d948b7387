"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { MailRecord } from "@/console/club-api";
import { formatDateTime } from "@/console/format";
import { BackLink, DetailLoadFailure, type ParentList } from "@/console/ui/detail-page";
import { SkeletonCard, StatusBadge, StatusMessage } from "@/console/ui/feedback";
import { formFailureOf } from "@/console/ui/forms";
import { EmailFrame } from "../email-frame";
import styles from "../mail.module.css";
import { attemptsText, MAIL_STATUSES } from "../mail-format";
import { useRetryMail } from "../mail-outbox";
import { MailTabs } from "../mail-tabs";

const OUTBOX: ParentList = { href: "/mail", label: "Outbox" };

/** Where the HTML below comes from, in words (docs/api.md, Mail). */
const SOURCE_NOTES: Readonly<Record<NonNullable<MailRecord["htmlSource"]>, string | null>> = {
  stored: null,
  rendered: "Not sent yet: this is the message rendered now from its template and data.",
  redacted:
    "This email holds a one-time link (a password reset or an email confirmation). It is shown rendered again with the link's token replaced, so reading the outbox never hands out a working link.",
};

const dash = <span className="muted">—</span>;

function MessageCard({ mail }: { mail: MailRecord }) {
  return (
    <section className="card" aria-labelledby="message-heading">
      <h2 id="message-heading">Message</h2>
      <dl className="definition-list">
        <dt>To</dt>
        <dd>{mail.to}</dd>
        <dt>Template</dt>
        <dd>
          <span className="chip chip-code">{mail.template}</span>
        </dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge look={MAIL_STATUSES[mail.status]} /> <span className="muted">{attemptsText(mail.attempts)}</span>
        </dd>
        <dt>Last error</dt>
        <dd>{mail.lastError ?? dash}</dd>
        <dt>Queued</dt>
        <dd>{formatDateTime(mail.createdAt)}</dd>
        <dt>Sent</dt>
        <dd>{mail.sentAt ? formatDateTime(mail.sentAt) : dash}</dd>
        {mail.nextAttemptAt && (
          <>
            <dt>Next attempt</dt>
            <dd>{formatDateTime(mail.nextAttemptAt)}</dd>
          </>
        )}
        <dt>Message id</dt>
        <dd>{mail.messageId ? <code>{mail.messageId}</code> : dash}</dd>
      </dl>
    </section>
  );
}

/** One mail: its state, its rendered HTML in a sandboxed frame, and Retry when it failed. */
export function MailDetail({ mailId, canRetry }: { mailId: string; canRetry: boolean }) {
  const api = useConsoleApi();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const mail = useQuery({ queryKey: ["mail", mailId], queryFn: () => api.mail.get(mailId) });
  const retry = useRetryMail((message) => {
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: ["mail"] });
  });

  if (mail.error) {
    // A malformed id (400) is no mail's either.
    return (
      <DetailLoadFailure
        back={OUTBOX}
        title="Mail"
        goneMessage="No such mail: it may have been removed, or the address is wrong."
        goneStatuses={[404, 400]}
        error={mail.error}
        onRetry={() => void mail.refetch()}
      />
    );
  }
  if (!mail.data) {
    return (
      <>
        <BackLink to={OUTBOX} />
        <div className="skeleton-title" aria-hidden="true" />
        <SkeletonCard label="Loading the mail…" lines={6} />
      </>
    );
  }

  const record = mail.data;
  const sourceNote = record.htmlSource ? SOURCE_NOTES[record.htmlSource] : null;
  return (
    <>
      <BackLink to={OUTBOX} />
      <div className="page-header">
        <div>
          <h1 className="page-title">{record.subject ?? `Mail to ${record.to}`}</h1>
          <p className="page-lead">To {record.to}</p>
        </div>
        {canRetry && record.status === "failed" && (
          <div className="page-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={retry.isPending}
              aria-busy={retry.isPending || undefined}
              onClick={() => retry.mutate(record)}
            >
              {retry.isPending ? "Retrying…" : "Retry now"}
            </button>
          </div>
        )}
      </div>
      <MailTabs />
      {notice && <StatusMessage onDismiss={() => setNotice(null)}>{notice}</StatusMessage>}
      {retry.error && (
        <div className="error-summary" role="alert">
          <p className="error-summary-title">{formFailureOf(retry.error).message}</p>
        </div>
      )}

      <div className="stack">
        <MessageCard mail={record} />
        {sourceNote && (
          <p className={`notice ${record.htmlSource === "redacted" ? "notice-warn" : ""} ${styles.sourceNote}`}>
            {sourceNote}
          </p>
        )}
        {record.html !== null ? (
          <EmailFrame title="Rendered email" subject={record.subject} html={record.html} />
        ) : (
          <div className="error-summary" role="note">
            <p className="error-summary-title">This mail cannot be rendered.</p>
            <p>{record.renderError}</p>
          </div>
        )}
      </div>
    </>
  );
}
