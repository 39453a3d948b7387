"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import { useClubFormat } from "@/console/i18n/club-format";
import type { ReturnImportReport } from "@/console/remittances-api";
import { BackLink, DetailLoadFailure, DetailSkeleton, type ParentList } from "@/console/ui/detail-page";
import { StatusBadge } from "@/console/ui/feedback";
import { PageHeader, useListDialogs } from "@/console/ui/list-page";
import { RowAction, withActionsHeading } from "@/console/ui/row-actions";
import { ScrollBox } from "@/console/ui/scroll-box";
import { stageOf, useRemittanceLooks } from "../remittance-words";
import { DeleteDialog, ManualReturnDialog, ReturnFileDialog, SendDialog, SettleDialog } from "./remittance-dialogs";
import { DownloadButton, NextStep, ReturnReport, SummaryCard } from "./remittance-parts";

type OpenDialog =
  | { kind: "send" }
  | { kind: "delete" }
  | { kind: "settle" }
  | { kind: "returnFile" }
  | { kind: "manualReturn"; invoiceNumber?: string };

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
