"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTimeZone, useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import { useClubFormat } from "@/console/i18n/club-format";
import type { RemittanceCandidate } from "@/console/remittances-api";
import { BackLink } from "@/console/ui/detail-page";
import { EmptyState, LoadError, SkeletonRows } from "@/console/ui/feedback";
import {
  ConsoleForm,
  formFailureOf,
  SubmitButton,
  TextField,
  useFailureText,
  useFormMutation,
} from "@/console/ui/forms";
import { PageHeader } from "@/console/ui/list-page";
import { ScrollBox } from "@/console/ui/scroll-box";
import { fromCents, toCents } from "@/lib/platform/money";
import { remittancePage } from "../remittance-words";
import { earliestCollectionDate, isWeekend, suggestedCollectionDate } from "./collection-date";

const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/** The sum of the chosen debits, in integer cents (lib/platform/money), never through floating point. */
const totalOf = (items: readonly RemittanceCandidate[]) =>
  fromCents(items.reduce((sum, item) => sum + toCents(item.amount), 0n));

/**
 * The remittance builder: a collection date, the invoices the API says it can collect by then (every one chosen at
 * first), and Build. What is collectable is the API's rule (GET /api/remittances/candidates), not the page's.
 */
export function RemittanceBuilder() {
  const t = useTranslations("remittances");
  const format = useClubFormat();
  const failureText = useFailureText();
  const timeZone = useTimeZone() ?? "UTC";
  const api = useConsoleApi();
  const router = useRouter();
  const [collectionDate, setCollectionDate] = useState(() => suggestedCollectionDate(timeZone));
  // The invoices left out, by date: a new date starts with every invoice chosen again.
  const [leftOut, setLeftOut] = useState<{ date: string; ids: ReadonlySet<string> }>({ date: "", ids: new Set() });
  const excluded = leftOut.date === collectionDate ? leftOut.ids : new Set<string>();
  const candidates = useQuery({
    queryKey: ["remittances", "candidates", collectionDate],
    queryFn: () => api.remittances.candidates(collectionDate),
    enabled: isDate(collectionDate),
  });
  const items = candidates.data?.items ?? [];
  const chosen = items.filter((item) => !excluded.has(item.invoiceId));
  // More candidates than listed (the API lists the first 1,000): choosing all of them leaves the choice to the API.
  const allOfMore = candidates.data !== undefined && candidates.data.count > items.length && excluded.size === 0;
  const chosenCount = allOfMore ? (candidates.data?.count ?? 0) : chosen.length;
  const chosenTotal = allOfMore ? (candidates.data?.totalAmount ?? "0.00") : totalOf(chosen);
  const build = useFormMutation(
    () =>
      api.remittances.build({
        collectionDate,
        invoiceIds: allOfMore ? undefined : chosen.map((item) => item.invoiceId),
      }),
    {
      onSuccess: (remittance) => router.push(remittancePage(remittance)),
      holdAfterSuccess: true,
      precheck: () => (chosenCount === 0 ? { message: t("builder.noneChosen"), fields: {} } : null),
    },
  );
  const setExcluded = (ids: ReadonlySet<string>) => setLeftOut({ date: collectionDate, ids });
  const toggle = (id: string, on: boolean) => {
    const next = new Set(excluded);
    if (on) next.delete(id);
    else next.add(id);
    setExcluded(next);
  };
  const allChosen = items.length > 0 && excluded.size === 0;

  const table = (() => {
    if (!isDate(collectionDate)) return null;
    if (candidates.isError)
      return (
        <LoadError message={failureText(formFailureOf(candidates.error))} onRetry={() => void candidates.refetch()} />
      );
    if (candidates.data && items.length === 0)
      return (
        <EmptyState title={t("builder.noneTitle", { date: format.calendarDate(collectionDate) })}>
          <p>{t("builder.noneText")}</p>
        </EmptyState>
      );
    return (
      <ScrollBox label={t("builder.invoices")}>
        <table className="table" aria-busy={candidates.isFetching || undefined}>
          <thead>
            <tr>
              <th scope="col">
                <input
                  type="checkbox"
                  aria-label={t("builder.chooseAll")}
                  checked={allChosen}
                  ref={(box) => {
                    if (box) box.indeterminate = excluded.size > 0 && excluded.size < items.length;
                  }}
                  disabled={items.length === 0}
                  onChange={(event) =>
                    setExcluded(event.target.checked ? new Set() : new Set(items.map((item) => item.invoiceId)))
                  }
                />
              </th>
              <th scope="col">{t("columns.invoice")}</th>
              <th scope="col">{t("columns.member")}</th>
              <th scope="col">{t("columns.dueOn")}</th>
              <th scope="col">{t("columns.mandate")}</th>
              <th scope="col">{t("columns.amount")}</th>
            </tr>
          </thead>
          <tbody>
            {candidates.data ? (
              items.map((item) => (
                <tr key={item.invoiceId}>
                  <td data-label={t("builder.include")}>
                    <input
                      type="checkbox"
                      aria-label={t("builder.includeInvoice", { number: item.invoiceNumber, name: item.customerName })}
                      checked={!excluded.has(item.invoiceId)}
                      onChange={(event) => toggle(item.invoiceId, event.target.checked)}
                    />
                  </td>
                  <td className="cell-nowrap" data-label={t("columns.invoice")}>
                    <Link href={`/billing/invoices/${item.invoiceId}`}>{item.invoiceNumber}</Link>
                    {item.status !== "open" && (
                      <span className="cell-secondary"> · {t(`invoiceStatuses.${item.status}`)}</span>
                    )}
                  </td>
                  <td data-label={t("columns.member")}>
                    <Link href={`/members/${item.memberId}`}>{item.customerName}</Link>
                  </td>
                  <td className="cell-nowrap" data-label={t("columns.dueOn")}>
                    {format.calendarDate(item.dueOn)}
                  </td>
                  <td className="cell-secondary" data-label={t("columns.mandate")}>
                    {item.mandateReference} · {t(`sequences.${item.sequence}`)}
                  </td>
                  <td className="cell-end cell-nowrap" data-label={t("columns.amount")}>
                    {format.money(item.amount)}
                  </td>
                </tr>
              ))
            ) : (
              <SkeletonRows columns={6} />
            )}
          </tbody>
        </table>
      </ScrollBox>
    );
  })();

  return (
    <>
      <BackLink to={{ href: "/billing/remittances", label: t("title") }} />
      <PageHeader title={t("builder.title")} lead={t("builder.lead")} />
      <ConsoleForm
        labels={{ collectionDate: t("builder.collectionDate"), invoiceIds: t("builder.invoices") }}
        failure={build.failure}
        onSubmit={() => build.submit(undefined)}
      >
        <section className="card" aria-labelledby="collection-date-heading">
          <h2 id="collection-date-heading">{t("builder.when")}</h2>
          <TextField
            name="collectionDate"
            type="date"
            required
            min={earliestCollectionDate(timeZone)}
            value={collectionDate}
            onChange={(event) => setCollectionDate(event.target.value)}
            hint={t("builder.collectionDateHint")}
          />
          {isDate(collectionDate) && isWeekend(collectionDate) && (
            <p className="field-hint" role="note">
              {t("builder.weekend")}
            </p>
          )}
        </section>

        <section aria-labelledby="candidates-heading">
          <div className="section-header">
            <h2 id="candidates-heading" className="section-title">
              {t("builder.invoices")}
            </h2>
            {candidates.data && items.length > 0 && (
              <button
                type="button"
                className="button button-small"
                onClick={() => setExcluded(allChosen ? new Set(items.map((item) => item.invoiceId)) : new Set())}
              >
                {allChosen ? t("builder.chooseNone") : t("builder.chooseAll")}
              </button>
            )}
          </div>
          <p className="muted">{t("builder.invoicesHint")}</p>
          {candidates.data && candidates.data.count > items.length && (
            <p role="note">{t("builder.moreThanListed", { listed: items.length, count: candidates.data.count })}</p>
          )}
          {candidates.data && candidates.data.awaitingNotice.count > 0 && (
            <p role="note">
              {candidates.data.awaitingNotice.earliestCollectionDate
                ? t("builder.awaitingNoticeFrom", {
                    count: candidates.data.awaitingNotice.count,
                    date: format.calendarDate(candidates.data.awaitingNotice.earliestCollectionDate),
                  })
                : t("builder.awaitingNotice", { count: candidates.data.awaitingNotice.count })}
            </p>
          )}
          <div className="card table-card card-table-on-phone">{table}</div>
        </section>

        <div className="form-actions section-gap">
          <p aria-live="polite" className="builder-total">
            {t("builder.chosen", { count: chosenCount, total: format.money(chosenTotal) })}
          </p>
          <SubmitButton pending={build.pending} pendingLabel={t("builder.building")}>
            {t("builder.submit")}
          </SubmitButton>
        </div>
      </ConsoleForm>
    </>
  );
}
