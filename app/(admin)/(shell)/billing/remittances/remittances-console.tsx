"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import { useClubFormat } from "@/console/i18n/club-format";
import { EmptyState, StatusBadge } from "@/console/ui/feedback";
import { type Column, PagedTable, PageHeader, type Sort, sortableHeaders, usePagedQuery } from "@/console/ui/list-page";
import { remittancePage, stageOf, useRemittanceLooks } from "./remittance-words";

type OrderField = "collectionDate" | "createdAt";

const PAGE_SIZE = 20;

/** The club's direct debit remittances, newest first; nothing to filter but the order. */
export function RemittancesConsole({ canBuild }: { canBuild: boolean }) {
  const t = useTranslations("remittances");
  const format = useClubFormat();
  const looks = useRemittanceLooks();
  const api = useConsoleApi();
  const [sort, setSort] = useState<Sort<OrderField>>({ field: "createdAt", direction: "desc" });
  const [remittances, setPageNumber] = usePagedQuery(["remittances", { sort }], (pageNumber) =>
    api.remittances.list({ pageNumber, pageSize: PAGE_SIZE, orderBy: sort.field, orderDirection: sort.direction }),
  );
  const columns: readonly Column<OrderField>[] = [
    { label: t("columns.collectionDate"), field: "collectionDate" },
    { label: t("columns.invoices") },
    { label: t("columns.total") },
    { label: t("columns.status") },
    { label: t("columns.created"), field: "createdAt" },
  ];

  return (
    <>
      <PageHeader title={t("title")} lead={t("lead")}>
        {canBuild && (
          <Link className="button button-primary" href="/billing/remittances/new">
            {t("build")}
          </Link>
        )}
      </PageHeader>

      <div className="card-table-on-phone">
        <PagedTable
          label={t("title")}
          noun={{ one: t("noun", { count: 1 }), other: t("noun", { count: 2 }) }}
          query={remittances}
          onPage={setPageNumber}
          {...sortableHeaders(columns, sort, setSort)}
          empty={
            <EmptyState title={t("noneTitle")}>
              <p>{canBuild ? t("noneText") : t("noneTextReader")}</p>
            </EmptyState>
          }
          row={(remittance) => (
            <tr key={remittance.id}>
              <td data-label={t("columns.collectionDate")}>
                <Link className="cell-primary cell-link" href={remittancePage(remittance)}>
                  {format.calendarDate(remittance.collectionDate)}
                </Link>
              </td>
              <td data-label={t("columns.invoices")}>{format.count(remittance.itemCount)}</td>
              <td className="cell-nowrap" data-label={t("columns.total")}>
                {format.money(remittance.totalAmount)}
              </td>
              <td data-label={t("columns.status")}>
                <StatusBadge look={looks.stage(stageOf(remittance))} />
              </td>
              <td className="cell-end cell-nowrap" data-label={t("columns.created")}>
                {format.dateTime(remittance.createdAt)}
              </td>
            </tr>
          )}
        />
      </div>
    </>
  );
}
