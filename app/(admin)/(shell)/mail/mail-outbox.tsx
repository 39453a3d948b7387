"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { MailRow, MailStatus } from "@/console/club-api";
import { useClubFormat } from "@/console/i18n/club-format";
import { EmptyState, StatusBadge } from "@/console/ui/feedback";
import { formFailureOf, useFailureText } from "@/console/ui/forms";
import { ListFilters } from "@/console/ui/list-filters";
import {
  FilterSelect,
  PagedTable,
  PageHeader,
  SearchField,
  useDebounced,
  useListDialogs,
  usePagedQuery,
} from "@/console/ui/list-page";
import { RowAction } from "@/console/ui/row-actions";
import styles from "./mail.module.css";
import { useMailStatusLook, useTemplateTitle } from "./mail-format";
import { MailTabs } from "./mail-tabs";

type StatusFilter = MailStatus | "";

const PAGE_SIZE = 20;

/** When the mail went out, or when it will be tried next. */
function Timing({ mail }: { mail: MailRow }) {
  const t = useTranslations("mail.outbox");
  const format = useClubFormat();
  if (mail.sentAt) return <>{t("sentAt", { when: format.dateTime(mail.sentAt) })}</>;
  if (mail.nextAttemptAt) return <>{t("nextAttemptAt", { when: format.dateTime(mail.nextAttemptAt) })}</>;
  return <>{t("queuedAt", { when: format.dateTime(mail.createdAt) })}</>;
}

/** Puts a failed mail back in the queue; the list reloads and says so. */
export function useRetryMail(onDone: (message: string) => void) {
  const api = useConsoleApi();
  const t = useTranslations("mail.outbox");
  return useMutation({
    mutationFn: (mail: Pick<MailRow, "id" | "to">) => api.mail.retry(mail.id),
    onSuccess: (retried) => onDone(t("retried", { to: retried.to })),
  });
}

/** The search and the status filter. */
function OutboxFilters({
  searchText,
  onSearch,
  status,
  onStatus,
}: {
  searchText: string;
  onSearch: (text: string) => void;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
}) {
  const t = useTranslations("mail");
  const options: { value: StatusFilter; label: string }[] = [
    { value: "", label: t("outbox.allMail") },
    { value: "pending", label: t("status.pending") },
    { value: "sent", label: t("status.sent") },
    { value: "failed", label: t("status.failed") },
  ];
  return (
    <ListFilters
      label={t("outbox.filtersLabel")}
      active={status ? 1 : 0}
      search={<SearchField id="mail-search" placeholder={t("outbox.search")} value={searchText} onChange={onSearch} />}
    >
      <FilterSelect
        id="mail-status"
        label={t("outbox.statusFilter")}
        value={status}
        options={options}
        onChange={onStatus}
      />
    </ListFilters>
  );
}

/** The outbox: every mail the service queued, newest first, with its state, and a retry for failed ones. */
export function MailOutbox({ canRetry }: { canRetry: boolean }) {
  const api = useConsoleApi();
  const t = useTranslations("mail");
  const failureText = useFailureText();
  const statusLook = useMailStatusLook();
  const templateTitle = useTemplateTitle();
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim(), 300);
  const [status, setStatus] = useState<StatusFilter>("");
  const dialogs = useListDialogs<never>([["mail"]]);
  const retry = useRetryMail(dialogs.done);

  const [mail, setPageNumber] = usePagedQuery(["mail", { search, status }], (pageNumber) =>
    api.mail.list({ pageNumber, pageSize: PAGE_SIZE, search: search || undefined, status: status || undefined }),
  );
  const filtered = search !== "" || status !== "";

  return (
    <>
      <PageHeader title={t("title")} lead={t("outbox.lead")} />
      <MailTabs />
      {dialogs.notice}
      {retry.error && (
        <div className="error-summary" role="alert">
          <p className="error-summary-title">{failureText(formFailureOf(retry.error))}</p>
        </div>
      )}

      <OutboxFilters searchText={searchText} onSearch={setSearchText} status={status} onStatus={setStatus} />

      <div className={styles.outbox}>
        <PagedTable
          label={t("outbox.tableLabel")}
          noun={{ one: t("outbox.nounOne"), other: t("outbox.nounOther") }}
          query={mail}
          onPage={setPageNumber}
          headers={[
            t("outbox.recipient"),
            t("outbox.subject"),
            t("outbox.status"),
            t("outbox.when"),
            <span key="actions" className="visually-hidden">
              {t("outbox.actions")}
            </span>,
          ]}
          empty={
            <EmptyState title={filtered ? t("outbox.noMatchTitle") : t("outbox.emptyTitle")}>
              <p>{filtered ? t("outbox.noMatchText") : t("outbox.emptyText")}</p>
            </EmptyState>
          }
          row={(item) => (
            <tr key={item.id}>
              <td>
                <div className={`cell-primary ${styles.address}`}>{item.to}</div>
                <div className="cell-secondary">{templateTitle(item.template)}</div>
              </td>
              <td className={styles.subject}>
                {item.subject ?? <span className="muted">{t("outbox.subjectLater")}</span>}
              </td>
              <td>
                <StatusBadge look={statusLook(item.status)} />
                <div className="cell-secondary">{t("attempts", { count: item.attempts })}</div>
                {item.lastError && item.status !== "sent" && (
                  <div className={styles.lastError} title={item.lastError}>
                    {item.lastError}
                  </div>
                )}
              </td>
              <td className="cell-secondary">
                <Timing mail={item} />
              </td>
              <td>
                <div className="cell-actions">
                  <Link
                    className="button button-small"
                    href={`/mail/${item.id}`}
                    aria-label={t("outbox.viewLabel", { to: item.to })}
                  >
                    {t("outbox.view")}
                  </Link>
                  {canRetry && item.status === "failed" && (
                    <RowAction
                      label={t("outbox.retry")}
                      name={t("outbox.retryLabel", { to: item.to })}
                      disabled={retry.isPending}
                      onClick={() => retry.mutate(item)}
                    />
                  )}
                </div>
              </td>
            </tr>
          )}
        />
      </div>
    </>
  );
}
