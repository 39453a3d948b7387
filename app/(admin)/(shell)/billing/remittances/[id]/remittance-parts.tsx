"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import { fileNameOf } from "@/console/csv-download";
import { saveBlob } from "@/console/file-transfer";
import { useClubFormat } from "@/console/i18n/club-format";
import type { RemittanceRecord, ReturnImportReport } from "@/console/remittances-api";
import { StatusBadge } from "@/console/ui/feedback";
import { formFailureOf, useFailureText } from "@/console/ui/forms";
import { stageOf, useRemittanceLooks } from "../remittance-words";

// The parts of a remittance's page: its download, summary, next step and what a return import did.

/** Downloads the pain.008 file under the name the API gives it, saying so while it runs and when it fails. */
export function DownloadButton({ remittance }: { remittance: RemittanceRecord }) {
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
export function ReturnReport({ report, onDismiss }: { report: ReturnImportReport; onDismiss: () => void }) {
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

export function SummaryCard({ remittance }: { remittance: RemittanceRecord }) {
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
export function NextStep({ remittance }: { remittance: RemittanceRecord }) {
  const t = useTranslations("remittances.detail.next");
  const format = useClubFormat();
  return (
    <section className="card" aria-labelledby="remittance-next-heading">
      <h2 id="remittance-next-heading">{t("title")}</h2>
      <p>{t(stageOf(remittance), { date: format.calendarDate(remittance.collectionDate) })}</p>
    </section>
  );
}
