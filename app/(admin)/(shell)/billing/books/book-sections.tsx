"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { IssuedInvoicesBook, PaymentsJournal } from "@/console/club-api";
import { fileNameOf } from "@/console/csv-download";
import { saveBlob } from "@/console/file-transfer";
import { useClubFormat } from "@/console/i18n/club-format";
import { EmptyState, Pagination } from "@/console/ui/feedback";
import { formFailureOf, useFailureText } from "@/console/ui/forms";
import { ScrollBox } from "@/console/ui/scroll-box";
import type { Period } from "./periods";
import { NumberHeader, SectionState } from "./section-state";

const FORMATS = ["csv", "xlsx"] as const;

/** Downloads the period's libro registro in a format, under the file name the API gives it. */
function Downloads({ period }: { period: Period }) {
  const t = useTranslations("billingReports.books.register");
  const api = useConsoleApi();
  const failureText = useFailureText();
  const [state, setState] = useState<{ busy: string | null; failure: string | null }>({ busy: null, failure: null });
  const download = async (format: (typeof FORMATS)[number]) => {
    setState({ busy: format, failure: null });
    try {
      const response = await api.books.issuedInvoicesFile({ ...period, format });
      const fileName = fileNameOf(response.headers.get("content-disposition")) ?? `libro-registro-expedidas.${format}`;
      saveBlob(await response.blob(), fileName);
      setState({ busy: null, failure: null });
    } catch (error) {
      setState({ busy: null, failure: failureText(formFailureOf(error)) });
    }
  };
  return (
    <>
      <div className="books-downloads">
        {FORMATS.map((format) => (
          <button
            key={format}
            type="button"
            className="button"
            onClick={() => void download(format)}
            disabled={state.busy !== null}
            aria-busy={state.busy === format || undefined}
          >
            {state.busy === format ? t("downloading") : t("download", { format: format.toUpperCase() })}
          </button>
        ))}
      </div>
      {state.failure && (
        <p className="notice notice-error" role="alert">
          {state.failure}
        </p>
      )}
    </>
  );
}

function RegisterTables({ book, onPage }: { book: IssuedInvoicesBook; onPage: (pageNumber: number) => void }) {
  const t = useTranslations("billingReports.books.register");
  const types = useTranslations("invoices.detail.verifactu.types");
  const format = useClubFormat();
  const money = (amount: string) => format.money(amount, book.currency);
  const rate = (taxRate: string | null) => (taxRate === null ? t("exempt") : format.percent(Number(taxRate) / 100));
  if (book.rows.totalCount === 0) return <EmptyState title={t("empty")} />;
  return (
    <>
      <p>{t("summary", { count: book.totals.invoices, total: money(book.totals.total) })}</p>
      <ScrollBox label={t("totalsLabel")}>
        <table className="table report-table">
          <caption className="visually-hidden">{t("totalsLabel")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("rate")}</th>
              <NumberHeader>{t("base")}</NumberHeader>
              <NumberHeader>{t("tax")}</NumberHeader>
              <NumberHeader>{t("exemptBase")}</NumberHeader>
              <NumberHeader>{t("total")}</NumberHeader>
            </tr>
          </thead>
          <tbody>
            {book.totals.byRate.map((row) => (
              <tr key={row.taxRate ?? "exempt"}>
                <th scope="row">{rate(row.taxRate)}</th>
                <td className="number">{money(row.base)}</td>
                <td className="number">{money(row.tax)}</td>
                <td className="number">{money(row.exemptBase)}</td>
                <td className="number">{money(row.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("total")}</th>
              <td className="number">{money(book.totals.base)}</td>
              <td className="number">{money(book.totals.tax)}</td>
              <td className="number">{money(book.totals.exemptBase)}</td>
              <td className="number">{money(book.totals.total)}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollBox>
      <ScrollBox label={t("rowsLabel")}>
        <table className="table report-table">
          <caption className="visually-hidden">{t("rowsLabel")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("number")}</th>
              <th scope="col">{t("date")}</th>
              <th scope="col">{t("customer")}</th>
              <th scope="col">{t("rate")}</th>
              <NumberHeader>{t("base")}</NumberHeader>
              <NumberHeader>{t("tax")}</NumberHeader>
              <NumberHeader>{t("total")}</NumberHeader>
            </tr>
          </thead>
          <tbody>
            {book.rows.items.map((row) => (
              <tr key={`${row.invoiceId}-${row.taxRate ?? row.exemptReason}`}>
                <th scope="row">
                  <span className="nowrap">{row.number}</span>
                  <span className="field-hint">
                    {" "}
                    {types(row.type)}
                    {row.rectifiesNumber && ` · ${t("rectifies", { number: row.rectifiesNumber })}`}
                    {row.substitutesNumber && ` · ${t("substitutes", { number: row.substitutesNumber })}`}
                  </span>
                </th>
                <td className="nowrap">{format.calendarDate(row.issuedOn)}</td>
                <td>
                  {row.customerName}
                  <span className="field-hint"> · {row.customerTaxId ?? t("noTaxId")}</span>
                </td>
                <td>{rate(row.taxRate)}</td>
                <td className="number">{money(row.taxRate === null ? row.exemptBase : row.base)}</td>
                <td className="number">{money(row.tax)}</td>
                <td className="number">{money(row.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <Pagination page={book.rows} noun={{ one: t("rowOne"), other: t("rowOther") }} onPage={onPage} />
    </>
  );
}

/** The libro registro de facturas expedidas of the period: totals per rate, its rows, its downloads. */
export function IssuedInvoicesSection({
  query,
  period,
  hideError,
  onPage,
}: {
  query: UseQueryResult<IssuedInvoicesBook>;
  period: Period;
  hideError: boolean;
  onPage: (pageNumber: number) => void;
}) {
  const t = useTranslations("billingReports.books.register");
  const format = useClubFormat();
  return (
    <section className="card report-section" aria-labelledby="register-title">
      <h2 id="register-title" className="chart-title">
        {t("title")}
      </h2>
      <p className="page-lead">
        {t("lead", { from: format.calendarDate(period.from), to: format.calendarDate(period.to) })}
      </p>
      <Downloads period={period} />
      <SectionState query={query} label={t("title")} hideError={hideError}>
        {(book) => <RegisterTables book={book} onPage={onPage} />}
      </SectionState>
    </section>
  );
}

function JournalTables({ journal }: { journal: PaymentsJournal }) {
  const t = useTranslations("billingReports.books.journal");
  const total = useTranslations("billingReports.books");
  const methods = useTranslations("invoices.method");
  const format = useClubFormat();
  const money = (amount: string) => format.money(amount, journal.currency);
  const flowHeaders = (
    <>
      <NumberHeader>{t("payments")}</NumberHeader>
      <NumberHeader>{t("refunds")}</NumberHeader>
      <NumberHeader>{t("net")}</NumberHeader>
    </>
  );
  const flows = (row: { payments: string; refunds: string; net: string }) => (
    <>
      <td className="number">{money(row.payments)}</td>
      <td className="number">{money(row.refunds)}</td>
      <td className="number">{money(row.net)}</td>
    </>
  );
  if (journal.days.length === 0) return <EmptyState title={t("empty")} />;
  return (
    <>
      <ScrollBox label={t("byMethodLabel")}>
        <table className="table report-table">
          <caption className="visually-hidden">{t("byMethodLabel")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("method")}</th>
              {flowHeaders}
            </tr>
          </thead>
          <tbody>
            {journal.byMethod.map((row) => (
              <tr key={row.method}>
                <th scope="row">{methods(row.method)}</th>
                {flows(row)}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{total("total")}</th>
              {flows(journal.totals)}
            </tr>
          </tfoot>
        </table>
      </ScrollBox>
      <ScrollBox label={t("byDayLabel")}>
        <table className="table report-table">
          <caption className="visually-hidden">{t("byDayLabel")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("day")}</th>
              <th scope="col">{t("method")}</th>
              <NumberHeader>{t("movements")}</NumberHeader>
              {flowHeaders}
            </tr>
          </thead>
          <tbody>
            {journal.days.map((day) => (
              <tr key={`${day.date}-${day.method}`}>
                <th scope="row" className="nowrap">
                  {format.calendarDate(day.date)}
                </th>
                <td>{methods(day.method)}</td>
                <td className="number">{format.count(day.movements)}</td>
                {flows(day)}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </>
  );
}

/** The payments journal of the period: per method, then per day and method. */
export function PaymentsJournalSection({
  query,
  hideError,
}: {
  query: UseQueryResult<PaymentsJournal>;
  hideError: boolean;
}) {
  const t = useTranslations("billingReports.books.journal");
  const format = useClubFormat();
  return (
    <section className="card report-section" aria-labelledby="journal-title">
      <h2 id="journal-title" className="chart-title">
        {t("title")}
      </h2>
      <SectionState query={query} label={t("title")} hideError={hideError}>
        {(journal) => (
          <>
            <p className="page-lead">
              {t("lead", { from: format.calendarDate(journal.from), to: format.calendarDate(journal.to) })}
            </p>
            <JournalTables journal={journal} />
          </>
        )}
      </SectionState>
    </section>
  );
}
