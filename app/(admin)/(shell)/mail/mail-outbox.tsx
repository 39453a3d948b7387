"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { MailRow, MailStatus } from "@/console/club-api";
import { formatDateTime } from "@/console/format";
import { EmptyState, StatusBadge } from "@/console/ui/feedback";
import { formFailureOf } from "@/console/ui/forms";
import {
  FilterSelect,
  PagedTable,
  PageHeader,
  SearchField,
  useDebounced,
  useListDialogs,
  usePagedQuery,
} from "@/console/ui/list-page";
import styles from "./mail.module.css";
import { attemptsText, MAIL_STATUSES } from "./mail-format";
import { MailTabs } from "./mail-tabs";

const STATUS_FILTERS = [
  { value: "", label: "All mail" },
  { value: "pending", label: "Pending" },
  { value: "sent", label: "Sent" },
  { value: "failed", label: "Failed" },
] as const satisfies readonly { value: MailStatus | ""; label: string }[];
type StatusFilter = (typeof STATUS_FILTERS)[number]["value"];

const PAGE_SIZE = 20;

/** When the mail went out, or when it will be tried next. */
function Timing({ mail }: { mail: MailRow }) {
  if (mail.sentAt) return <>Sent {formatDateTime(mail.sentAt)}</>;
  if (mail.nextAttemptAt) return <>Next attempt {formatDateTime(mail.nextAttemptAt)}</>;
  return <>Queued {formatDateTime(mail.createdAt)}</>;
}

/** Puts a failed mail back in the queue; the list reloads and says so. */
export function useRetryMail(onDone: (message: string) => void) {
  const api = useConsoleApi();
  return useMutation({
    mutationFn: (mail: Pick<MailRow, "id" | "to">) => api.mail.retry(mail.id),
    onSuccess: (retried) => onDone(`The mail to ${retried.to} is queued again and is being sent.`),
  });
}

/** The outbox: every mail the service queued, newest first, with its state, and a retry for failed ones. */
export function MailOutbox({ canRetry }: { canRetry: boolean }) {
  const api = useConsoleApi();
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
      <PageHeader
        title="Mail"
        lead="Every email the club sends goes through this outbox: rendered, then delivered over SMTP, retried while it fails."
      />
      <MailTabs />
      {dialogs.notice}
      {retry.error && (
        <div className="error-summary" role="alert">
          <p className="error-summary-title">{formFailureOf(retry.error).message}</p>
        </div>
      )}

      <search className="toolbar">
        <SearchField id="mail-search" placeholder="Recipient's address" value={searchText} onChange={setSearchText} />
        <FilterSelect id="mail-status" label="Status" value={status} options={STATUS_FILTERS} onChange={setStatus} />
      </search>

      <PagedTable
        label="Mail outbox"
        noun={{ one: "mail", other: "mails" }}
        query={mail}
        onPage={setPageNumber}
        headers={[
          "Recipient",
          "Subject",
          "Status",
          "When",
          <span key="actions" className="visually-hidden">
            Actions
          </span>,
        ]}
        empty={
          <EmptyState title={filtered ? "No mail matches" : "No mail yet"}>
            {filtered ? (
              <p>Try another address or status.</p>
            ) : (
              <p>Welcome emails, renewal notices and password resets appear here once queued.</p>
            )}
          </EmptyState>
        }
        row={(item) => (
          <tr key={item.id}>
            <td>
              <div className="cell-primary">{item.to}</div>
              <div className="cell-secondary">
                <span className="chip chip-code">{item.template}</span>
              </div>
            </td>
            <td>{item.subject ?? <span className="muted">Known once rendered</span>}</td>
            <td>
              <StatusBadge look={MAIL_STATUSES[item.status]} />
              <div className="cell-secondary">{attemptsText(item.attempts)}</div>
              {item.lastError && item.status !== "sent" && (
                <div className={styles.lastError} title={item.lastError}>
                  {item.lastError}
                </div>
              )}
            </td>
            <td className="cell-secondary cell-nowrap">
              <Timing mail={item} />
            </td>
            <td>
              <div className="cell-actions">
                <Link
                  className="button button-small"
                  href={`/mail/${item.id}`}
                  aria-label={`View the mail to ${item.to}`}
                >
                  View
                </Link>
                {canRetry && item.status === "failed" && (
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`Retry the mail to ${item.to}`}
                    disabled={retry.isPending}
                    onClick={() => retry.mutate(item)}
                  >
                    Retry
                  </button>
                )}
              </div>
            </td>
          </tr>
        )}
      />
    </>
  );
}
