"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import { fileNameOf } from "@/console/csv-download";
import { saveBlob } from "@/console/file-transfer";
import { useClubFormat } from "@/console/i18n/club-format";
import type { RemittanceRecord, ReturnImportReport } from "@/console/remittances-api";
import { BackLink, DetailLoadFailure, DetailSkeleton, type ParentList } from "@/console/ui/detail-page";
import { StatusBadge } from "@/console/ui/feedback";
import { formFailureOf, useFailureText } from "@/console/ui/forms";
import { PageHeader, useListDialogs } from "@/console/ui/list-page";
import { RowAction, withActionsHeading } from "@/console/ui/row-actions";
import { ScrollBox } from "@/console/ui/scroll-box";
import { stageOf, useRemittanceLooks } from "../remittance-words";
import { DeleteDialog, ManualReturnDialog, ReturnFileDialog, SendDialog, SettleDialog } from "./remittance-dialogs";

type OpenDialog =
  | { kind: "send" }
  | { kind: "delete" }
  | { kind: "settle" }
  | { kind: "returnFile" }
  | { kind: "manualReturn"; invoiceNumber?: string };

/** Downloads the pain.008 file under the name the API gives it, saying so while it runs and when it fails. */
function DownloadButton({ remittance }: { remittance: RemittanceRecord }) {
  const t = useTranslations("remittances.detail");
  const failureText = useFailureText();
  const api = useConsoleApi();
  const [state, setState] = useState<{ busy: boolean; failure: string | null }>({ busy: false, failure: null });
  const download = async () => {
    setState({ busy: true, failure: null });
    try {
      const response = await api.remittances.file(remittance.id);
      const fileName = fileNameOf(response.headers.get("content-disposition")) ?? `remesa-${remittance.id}.xml`;
      saveBlob(await response.blob(), fileName);
      setState({ busy: false, failure: null });
    } catch (error) {
      setState({ busy: false, failure: failureText(formFailureOf(error)) });
    }
  };
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => void download()}
        disabled={state.busy}
        aria-busy={state.busy || undefined}
      >
        {state.busy ? t("downloading") : t("download")}
      </button>
      {state.failure && (
        <p className="notice notice-error" role="alert">
          {state.failure}
        </p>
      )}
    </>
  );
}

/** What an import did, in words: the debits returned with their reasons, and anything it left alone. */
function ReturnReport({ report, onDismiss }: { report: ReturnImportReport; onDismiss: () => void }) {
  const t = useTranslations("remittances.report");
  const looks = useRemittanceLooks();
  return (
    <section className="card notice-card" role="status" aria-labelledby="return-report-heading">
      <div className="card-header">
        <h2 id="return-report-heading">{t("title", { count: report.returned.length })}</h2>
        <button type="button" className="button button-small" onClick={onDismiss}>
          {t("dismiss")}
        </button>
      </div>
      {report.returned.length > 0 && (
        <ul>
          {report.returned.map((debit) => (
            <li key={debit.invoiceNumber}>
              {t("returned", { number: debit.invoiceNumber, reason: looks.reason(debit.reasonCode) })}
            </li>
          ))}
        </ul>
      )}
      {report.alreadyReturned.length > 0 && (
        <p>{t("alreadyReturned", { numbers: report.alreadyReturned.join(", ") })}</p>
      )}
      {report.unknown.length > 0 && <p>{t("unknown", { numbers: report.unknown.join(", ") })}</p>}
    </section>
  );
}

function SummaryCard({ remittance }: { remittance: RemittanceRecord }) {
  const t = useTranslations("remittances.detail");
  const format = useClubFormat();
  const looks = useRemittanceLooks();
  return (
    <section className="card" aria-labelledby="remittance-summary-heading">
      <h2 id="remittance-summary-heading">{t("summary")}</h2>
      <dl className="definition-list">
        <dt>{t("collectionDate")}</dt>
        <dd>{format.longDate(remittance.collectionDate)}</dd>
        <dt>{t("status")}</dt>
        <dd>
          <StatusBadge look={looks.stage(stageOf(remittance))} />
        </dd>
        <dt>{t("invoices")}</dt>
        <dd>{format.count(remittance.itemCount)}</dd>
        <dt>{t("total")}</dt>
        <dd>{format.money(remittance.totalAmount)}</dd>
        <dt>{t("created")}</dt>
        <dd>{format.dateTime(remittance.createdAt)}</dd>
        <dt>{t("sentAt")}</dt>
        <dd>{remittance.sentAt ? format.dateTime(remittance.sentAt) : t("notSent")}</dd>
        <dt>{t("messageId")}</dt>
        <dd className="cell-break">{remittance.messageId}</dd>
      </dl>
    </section>
  );
}

/** What the next step is, in plain words, for the stage the remittance is at. */
function NextStep({ remittance }: { remittance: RemittanceRecord }) {
  const t = useTranslations("remittances.detail.next");
  const format = useClubFormat();
  return (
    <section className="card" aria-labelledby="remittance-next-heading">
      <h2 id="remittance-next-heading">{t("title")}</h2>
      <p>{t(stageOf(remittance), { date: format.calendarDate(remittance.collectionDate) })}</p>
    </section>
  );
}

export function RemittanceDetail({ remittanceId, canManage }: { remittanceId: string; canManage: boolean }) {
  const t = useTranslations("remittances");
  const format = useClubFormat();
  const looks = useRemittanceLooks();
  const api = useConsoleApi();
  const queryClient = useQueryClient();
  const list: ParentList = { href: "/billing/remittances", label: t("title") };
  const remittance = useQuery({
    queryKey: ["remittances", "detail", remittanceId],
    queryFn: () => api.remittances.get(remittanceId),
  });
  // A change moves the remittance, its invoices and the members' balances.
  const dialogs = useListDialogs<OpenDialog>([["remittances"], ["invoices"], ["members"]]);
  const [report, setReport] = useState<ReturnImportReport | null>(null);
  const reported = (next: ReturnImportReport) => {
    dialogs.close();
    setReport(next);
    for (const queryKey of [["remittances"], ["invoices"], ["members"]])
      void queryClient.invalidateQueries({ queryKey });
  };

  if (remittance.isPending)
    return (
      <DetailSkeleton
        back={list}
        cards={[
          { label: t("detail.loading"), lines: 6 },
          { label: t("detail.loadingNext"), lines: 2 },
        ]}
      />
    );
  if (remittance.isError)
    return (
      <DetailLoadFailure
        back={list}
        title={t("detail.title")}
        goneMessage={t("detail.gone")}
        error={remittance.error}
        onRetry={() => void remittance.refetch()}
      />
    );
  const record = remittance.data;
  const sent = record.status === "sent";
  const returnable = (status: string) => sent && canManage && status !== "returned";
  const hasActions = record.items.some((item) => returnable(item.status));
  const headings = withActionsHeading(
    [
      t("columns.invoice"),
      t("columns.member"),
      t("columns.mandate"),
      t("columns.amount"),
      t("columns.status"),
      t("columns.actions"),
    ],
    hasActions,
  );

  return (
    <>
      <BackLink to={list} />
      <PageHeader
        title={t("detail.heading", { date: format.calendarDate(record.collectionDate) })}
        lead={
          <>
            <StatusBadge look={looks.stage(stageOf(record))} />{" "}
            {t("detail.lead", { count: record.itemCount, total: format.money(record.totalAmount) })}
          </>
        }
      >
        <DownloadButton remittance={record} />
        {canManage && !sent && (
          <>
            <button
              type="button"
              className="button button-danger-quiet"
              onClick={() => dialogs.open({ kind: "delete" })}
            >
              {t("detail.delete")}
            </button>
            <button type="button" className="button button-primary" onClick={() => dialogs.open({ kind: "send" })}>
              {t("detail.send")}
            </button>
          </>
        )}
        {canManage && sent && (
          <>
            <button type="button" className="button" onClick={() => dialogs.open({ kind: "returnFile" })}>
              {t("detail.importFile")}
            </button>
            <button type="button" className="button" onClick={() => dialogs.open({ kind: "manualReturn" })}>
              {t("detail.manualReturn")}
            </button>
            <button type="button" className="button button-primary" onClick={() => dialogs.open({ kind: "settle" })}>
              {t("detail.settle")}
            </button>
          </>
        )}
      </PageHeader>
      {dialogs.notice}
      {report && <ReturnReport report={report} onDismiss={() => setReport(null)} />}

      <div className="detail-grid">
        <SummaryCard remittance={record} />
        <NextStep remittance={record} />
      </div>

      <section aria-labelledby="remittance-items-heading">
        <h2 id="remittance-items-heading" className="section-title">
          {t("detail.items")}
        </h2>
        <div className="card table-card card-table-on-phone">
          <ScrollBox label={t("detail.items")}>
            <table className="table" aria-busy={remittance.isFetching || undefined}>
              <thead>
                <tr>
                  {headings.map((heading, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a column's position is its identity
                    <th key={index} scope="col">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {record.items.map((item) => (
                  <tr key={item.invoiceId}>
                    <td className="cell-nowrap" data-label={t("columns.invoice")}>
                      <Link href={`/billing/invoices/${item.invoiceId}`}>{item.invoiceNumber}</Link>
                    </td>
                    <td data-label={t("columns.member")}>
                      <Link href={`/members/${item.memberId}`}>{item.customerName}</Link>
                    </td>
                    <td className="cell-secondary" data-label={t("columns.mandate")}>
                      {item.mandateReference} · {t(`sequences.${item.sequence}`)}
                    </td>
                    <td className="cell-nowrap" data-label={t("columns.amount")}>
                      {format.money(item.amount)}
                    </td>
                    <td data-label={t("columns.status")}>
                      <StatusBadge look={looks.item(item.status)} />
                      {item.returnReason && <span className="cell-secondary"> {looks.reason(item.returnReason)}</span>}
                    </td>
                    <td className="cell-end" data-label={t("columns.actions")}>
                      {returnable(item.status) && (
                        <RowAction
                          label={t("detail.markReturned")}
                          name={t("detail.markReturnedOf", { number: item.invoiceNumber })}
                          onClick={() => dialogs.open({ kind: "manualReturn", invoiceNumber: item.invoiceNumber })}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </div>
      </section>

      {dialogs.dialog?.kind === "send" && (
        <SendDialog remittance={record} onClose={dialogs.close} onDone={dialogs.done} />
      )}
      {dialogs.dialog?.kind === "delete" && <DeleteDialog remittance={record} onClose={dialogs.close} />}
      {dialogs.dialog?.kind === "settle" && (
        <SettleDialog remittance={record} onClose={dialogs.close} onDone={dialogs.done} />
      )}
      {dialogs.dialog?.kind === "returnFile" && (
        <ReturnFileDialog remittance={record} onClose={dialogs.close} onReported={reported} />
      )}
      {dialogs.dialog?.kind === "manualReturn" && (
        <ManualReturnDialog
          remittance={record}
          invoiceNumber={dialogs.dialog.invoiceNumber}
          onClose={dialogs.close}
          onReported={reported}
        />
      )}
    </>
  );
}
