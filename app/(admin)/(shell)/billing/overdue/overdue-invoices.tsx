"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useConsoleApi } from "@/console/api-client";
import type { OverdueList } from "@/console/club-api";
import { useClubFormat } from "@/console/i18n/club-format";
import { EmptyState } from "@/console/ui/feedback";
import { QueryTable } from "@/console/ui/list-page";

type OverdueInvoice = OverdueList["items"][number];

/** As many as the API lists at once: a club with more overdue invoices than this has a bigger problem than paging. */
const SHOWN = 500;

/** The overdue list (GET /api/billing/overdue): the longest overdue first, with the member and the dunning so far. */
export function OverdueInvoices({ canSeeMembers }: { canSeeMembers: boolean }) {
  const t = useTranslations("billingReports.overdue");
  const format = useClubFormat();
  const api = useConsoleApi();
  const overdue = useQuery({
    queryKey: ["billing", "overdue"],
    queryFn: () => api.billingReports.overdue({ limit: SHOWN }),
  });
  const list = overdue.data;
  const row = (invoice: OverdueInvoice) => (
    <tr key={invoice.invoiceId}>
      <td>
        {canSeeMembers ? (
          <Link href={`/members/${invoice.memberId}`}>{invoice.customerName}</Link>
        ) : (
          invoice.customerName
        )}
      </td>
      <td>
        <Link className="nowrap" href={`/billing/invoices/${invoice.invoiceId}`}>
          {invoice.number}
        </Link>
      </td>
      <td>{format.calendarDate(invoice.dueOn)}</td>
      <td>{t("days", { count: invoice.daysOverdue })}</td>
      <td>{format.money(invoice.owed, invoice.currency)}</td>
      <td>{format.count(invoice.remindersSent)}</td>
      <td className="cell-end">
        {invoice.memberSuspended ? (
          <span className="badge badge-blocked">{t("suspended")}</span>
        ) : (
          <span className="muted">{t("notSuspended")}</span>
        )}
      </td>
    </tr>
  );
  return (
    <>
      {list && list.count > 0 && (
        <p className="overdue-summary" role="status">
          {t("summary", { count: list.count, amount: format.money(list.totalOwed) })}
          {list.count > list.items.length && ` ${t("showingFirst", { shown: format.count(list.items.length) })}`}
        </p>
      )}
      <QueryTable
        label={t("tableLabel")}
        headers={[t("member"), t("invoice"), t("dueOn"), t("daysOverdue"), t("owed"), t("reminders"), t("suspension")]}
        sortOf={(column) => (column === 3 ? "descending" : undefined)}
        query={{ data: list?.items, error: overdue.error, isFetching: overdue.isFetching, refetch: overdue.refetch }}
        row={row}
        empty={
          <EmptyState title={t("emptyTitle")}>
            <p>{t("emptyBody")}</p>
          </EmptyState>
        }
      />
    </>
  );
}
