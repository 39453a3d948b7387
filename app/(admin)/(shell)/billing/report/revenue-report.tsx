"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { RevenueReport, RevenueReportQuery } from "@/console/club-api";
import { useClubFormat } from "@/console/i18n/club-format";
import { ColumnChart } from "@/console/ui/charts";
import { EmptyState, LoadError, SkeletonCard } from "@/console/ui/feedback";
import { ConsoleForm, formFailureOf, SubmitButton, TextField, textOf, useFailureText } from "@/console/ui/forms";
import { ScrollBox } from "@/console/ui/scroll-box";

const BUCKETS = ["notYetDue", "days1To30", "days31To60", "days61To90", "over90Days"] as const;

/** Drawing only: a chart's column height; every figure a person reads is the API's decimal string. */
const heightOf = (amount: string) => Number(amount);

function PeriodForm({
  report,
  failure,
  pending,
  onChoose,
}: {
  report: RevenueReport | undefined;
  failure: ReturnType<typeof formFailureOf> | null;
  pending: boolean;
  onChoose: (query: RevenueReportQuery) => void;
}) {
  const t = useTranslations("billingReports.report");
  return (
    <section className="card" aria-label={t("period")}>
      <ConsoleForm
        className="report-period"
        labels={{ from: t("from"), to: t("to") }}
        failure={failure}
        onSubmit={(data) => onChoose({ from: textOf(data, "from") || undefined, to: textOf(data, "to") || undefined })}
      >
        {/* Keyed by the answer, so the fields show the period the API chose when none was given. */}
        <TextField key={`from-${report?.from}`} name="from" type="month" defaultValue={report?.from} />
        <TextField key={`to-${report?.to}`} name="to" type="month" defaultValue={report?.to} />
        <SubmitButton pending={pending}>{t("show")}</SubmitButton>
      </ConsoleForm>
    </section>
  );
}

function MonthlyFigures({ report }: { report: RevenueReport }) {
  const t = useTranslations("billingReports.report");
  const format = useClubFormat();
  const money = (amount: string) => format.money(amount, report.currency);
  const nothing = report.months.every((month) => heightOf(month.billed) === 0 && heightOf(month.collected) === 0);
  return (
    <figure className="card chart report-section">
      <figcaption className="chart-title">{t("chartTitle")}</figcaption>
      {nothing ? (
        <EmptyState title={t("empty")} />
      ) : (
        <ColumnChart
          title={t("chartTitle")}
          series={[
            { label: t("billed"), tone: "accent" },
            { label: t("collected"), tone: "ok" },
          ]}
          groups={report.months.map((month) => ({
            key: month.month,
            label: format.monthShort(month.month),
            values: [heightOf(month.billed), heightOf(month.collected)],
            description: t("chartDescription", {
              month: format.month(month.month),
              billed: money(month.billed),
              collected: money(month.collected),
            }),
          }))}
        />
      )}
      <ScrollBox label={t("tableLabel")}>
        <table className="table report-table">
          <caption className="visually-hidden">{t("tableLabel")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("month")}</th>
              <th scope="col" className="number">
                {t("billed")}
              </th>
              <th scope="col" className="number">
                {t("collected")}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{format.month(month.month)}</th>
                <td className="number">{money(month.billed)}</td>
                <td className="number">{money(month.collected)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("total")}</th>
              <td className="number">{money(report.totals.billed)}</td>
              <td className="number">{money(report.totals.collected)}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollBox>
      <p className="field-hint">
        {t("billed")}: {t("billedMeaning")} {t("collected")}: {t("collectedMeaning")}
      </p>
    </figure>
  );
}

function Ageing({ report }: { report: RevenueReport }) {
  const t = useTranslations("billingReports.report");
  const format = useClubFormat();
  const { ageing } = report;
  const largest = Math.max(...BUCKETS.map((bucket) => heightOf(ageing[bucket].amount)), 0);
  return (
    <section className="card report-section" aria-labelledby="ageing-title">
      <h2 id="ageing-title" className="chart-title">
        {t("ageingTitle")}
      </h2>
      <p className="page-lead">{t("ageingLead", { date: format.calendarDate(ageing.asOf) })}</p>
      {ageing.total.invoices === 0 ? (
        <EmptyState title={t("ageingEmpty")} />
      ) : (
        <ScrollBox label={t("ageingTitle")}>
          <table className="table report-table">
            <caption className="visually-hidden">{t("ageingTitle")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("bucket")}</th>
                <th scope="col" className="number">
                  {t("amount")}
                </th>
                <th scope="col" className="number">
                  {t("invoices")}
                </th>
              </tr>
            </thead>
            <tbody>
              {BUCKETS.map((bucket) => (
                <tr key={bucket}>
                  <th scope="row">
                    {t(`buckets.${bucket}`)}
                    <span
                      className="ageing-meter"
                      aria-hidden="true"
                      style={{ width: `${largest > 0 ? (heightOf(ageing[bucket].amount) / largest) * 100 : 0}%` }}
                    />
                  </th>
                  <td className="number">{format.money(ageing[bucket].amount, report.currency)}</td>
                  <td className="number">{format.count(ageing[bucket].invoices)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t("buckets.total")}</th>
                <td className="number">{format.money(ageing.total.amount, report.currency)}</td>
                <td className="number">{format.count(ageing.total.invoices)}</td>
              </tr>
            </tfoot>
          </table>
        </ScrollBox>
      )}
      <p>
        <Link href="/billing/overdue">{t("overdueLink")}</Link>
      </p>
    </section>
  );
}

/** The revenue report (GET /api/billing/report): the period to show, billed vs collected per month, the ageing. */
export function RevenueReportView() {
  const t = useTranslations("billingReports.report");
  const api = useConsoleApi();
  const failureText = useFailureText();
  const [period, setPeriod] = useState<RevenueReportQuery>({});
  const report = useQuery({
    queryKey: ["billing", "report", period],
    queryFn: () => api.billingReports.revenue(period),
    placeholderData: keepPreviousData,
  });
  const failure = report.error ? formFailureOf(report.error) : null;
  const fieldFailure = failure && Object.keys(failure.fields).length > 0 ? failure : null;
  return (
    <>
      <PeriodForm report={report.data} failure={fieldFailure} pending={report.isFetching} onChoose={setPeriod} />
      {report.isPending ? (
        <SkeletonCard label={t("loading")} lines={8} />
      ) : failure && !fieldFailure ? (
        <LoadError message={t("loadError", { reason: failureText(failure) })} onRetry={() => void report.refetch()} />
      ) : (
        report.data && (
          <>
            <MonthlyFigures report={report.data} />
            <Ageing report={report.data} />
          </>
        )
      )}
    </>
  );
}
