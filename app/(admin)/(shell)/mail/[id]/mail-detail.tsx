"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { MailRecord } from "@/console/club-api";
import { useClubFormat } from "@/console/i18n/club-format";
import { BackLink, DetailLoadFailure, type ParentList } from "@/console/ui/detail-page";
import { SkeletonCard, StatusBadge, StatusMessage } from "@/console/ui/feedback";
import { formFailureOf, useFailureText } from "@/console/ui/forms";
import { EmailFrame } from "../email-frame";
import styles from "../mail.module.css";
import { useMailStatusLook, useTemplateTitle } from "../mail-format";
import { useRetryMail } from "../mail-outbox";
import { MailTabs } from "../mail-tabs";

const dash = <span className="muted">—</span>;

function MessageCard({ mail }: { mail: MailRecord }) {
  const t = useTranslations("mail");
  const format = useClubFormat();
  const statusLook = useMailStatusLook();
  const templateTitle = useTemplateTitle();
  return (
    <section className="card" aria-labelledby="message-heading">
      <h2 id="message-heading">{t("detail.message")}</h2>
      <dl className={`definition-list ${styles.facts}`}>
        <dt>{t("detail.recipient")}</dt>
        <dd>{mail.to}</dd>
        <dt>{t("detail.template")}</dt>
        <dd>{templateTitle(mail.template)}</dd>
        <dt>{t("detail.status")}</dt>
        <dd>
          <StatusBadge look={statusLook(mail.status)} />{" "}
          <span className="muted">{t("attempts", { count: mail.attempts })}</span>
        </dd>
        <dt>{t("detail.lastError")}</dt>
        <dd>{mail.lastError ?? dash}</dd>
        <dt>{t("detail.queued")}</dt>
        <dd>{format.dateTime(mail.createdAt)}</dd>
        <dt>{t("detail.sent")}</dt>
        <dd>{mail.sentAt ? format.dateTime(mail.sentAt) : t("detail.notSent")}</dd>
        {mail.nextAttemptAt && (
          <>
            <dt>{t("detail.nextAttempt")}</dt>
            <dd>{format.dateTime(mail.nextAttemptAt)}</dd>
          </>
        )}
        <dt>{t("detail.messageId")}</dt>
        <dd>{mail.messageId ? <code>{mail.messageId}</code> : dash}</dd>
      </dl>
    </section>
  );
}

/** One mail: its state, its rendered HTML in a sandboxed frame, and Retry when it failed. */
export function MailDetail({ mailId, canRetry }: { mailId: string; canRetry: boolean }) {
  const api = useConsoleApi();
  const t = useTranslations("mail.detail");
  const failureText = useFailureText();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const mail = useQuery({ queryKey: ["mail", mailId], queryFn: () => api.mail.get(mailId) });
  const retry = useRetryMail((message) => {
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: ["mail"] });
  });
  const outbox: ParentList = { href: "/mail", label: t("back") };

  if (mail.error) {
    // A malformed id (400) is no mail's either.
    return (
      <DetailLoadFailure
        back={outbox}
        title={t("title")}
        goneMessage={t("gone")}
        goneStatuses={[404, 400]}
        error={mail.error}
        onRetry={() => void mail.refetch()}
      />
    );
  }
  if (!mail.data) {
    return (
      <>
        <BackLink to={outbox} />
        <div className="skeleton-title" aria-hidden="true" />
        <SkeletonCard label={t("loading")} lines={6} />
      </>
    );
  }

  const record = mail.data;
  const sourceNote = record.htmlSource === "rendered" || record.htmlSource === "redacted" ? t(record.htmlSource) : null;
  return (
    <>
      <BackLink to={outbox} />
      <div className="page-header">
        <div className={styles.detailHeading}>
          <h1 className="page-title">{record.subject ?? t("untitled", { to: record.to })}</h1>
          <p className="page-lead">{t("to", { to: record.to })}</p>
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
              {retry.isPending ? t("retrying") : t("retry")}
            </button>
          </div>
        )}
      </div>
      <MailTabs />
      {notice && <StatusMessage onDismiss={() => setNotice(null)}>{notice}</StatusMessage>}
      {retry.error && (
        <div className="error-summary" role="alert">
          <p className="error-summary-title">{failureText(formFailureOf(retry.error))}</p>
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
          <EmailFrame title={t("frameTitle")} subject={record.subject} html={record.html} />
        ) : (
          <div className="error-summary" role="note">
            <p className="error-summary-title">{t("cannotRender")}</p>
            <p>{record.renderError}</p>
          </div>
        )}
      </div>
    </>
  );
}
