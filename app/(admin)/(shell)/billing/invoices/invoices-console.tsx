"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import { useClubFormat } from "@/console/i18n/club-format";
import type { InvoiceQuery, InvoiceStatus } from "@/console/invoice-api";
import { BillingNotStarted } from "@/console/ui/billing-not-started";
import { EmptyState, StatusBadge } from "@/console/ui/feedback";
import { ListFilters } from "@/console/ui/list-filters";
import {
  type Column,
  FilterSelect,
  PagedTable,
  PageHeader,
  SearchField,
  type Sort,
  sortableHeaders,
  useDebounced,
  usePagedQuery,
} from "@/console/ui/list-page";
import { INVOICE_STATUS_VALUES, invoicePage, useInvoiceStatusLook } from "./invoice-status";

type OrderField = NonNullable<InvoiceQuery["orderBy"]>;
type Kind = NonNullable<InvoiceQuery["kind"]>;

const PAGE_SIZE = 20;

/** A date filter of the list: a calendar day or "" for none. */
function DateFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field field-date">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input" type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

export function InvoicesConsole({
  initialSearch,
  notStarted,
}: {
  initialSearch: string;
  /** Set while billing has not started (the club's tax data incomplete); whether the user may complete it. */
  notStarted: { canSetUp: boolean } | null;
}) {
  const t = useTranslations("invoices.list");
  const statuses = useTranslations("invoices.status");
  const format = useClubFormat();
  const statusLook = useInvoiceStatusLook();
  const api = useConsoleApi();
  const [searchText, setSearchText] = useState(initialSearch);
  const search = useDebounced(searchText.trim(), 300);
  const [status, setStatus] = useState<InvoiceStatus | "">("");
  const [kind, setKind] = useState<Kind | "">("");
  const [issuedFrom, setIssuedFrom] = useState("");
  const [issuedTo, setIssuedTo] = useState("");
  const [sort, setSort] = useState<Sort<OrderField>>({ field: "issuedOn", direction: "desc" });
  const filters = {
    search: search || undefined,
    status: status || undefined,
    kind: kind || undefined,
    issuedFrom: issuedFrom || undefined,
    issuedTo: issuedTo || undefined,
  };
  const [invoices, setPageNumber] = usePagedQuery(["invoices", { ...filters, sort }], (pageNumber) =>
    api.invoices.list({
      ...filters,
      pageNumber,
      pageSize: PAGE_SIZE,
      orderBy: sort.field,
      orderDirection: sort.direction,
    }),
  );
  const activeFilters = [status, kind, issuedFrom, issuedTo].filter(Boolean).length;
  const filtered = search !== "" || activeFilters > 0;
  const columns: readonly Column<OrderField>[] = [
    { label: t("columns.number"), field: "number" },
    { label: t("columns.issued"), field: "issuedOn" },
    { label: t("columns.member") },
    { label: t("columns.total"), field: "total" },
    { label: t("columns.due") },
    { label: t("columns.status") },
  ];
  const statusOptions: readonly { value: InvoiceStatus | ""; label: string }[] = [
    { value: "", label: t("allStatuses") },
    ...INVOICE_STATUS_VALUES.map((value) => ({ value, label: statuses(value) })),
  ];
  const kindOptions: readonly { value: Kind | ""; label: string }[] = [
    { value: "", label: t("allKinds") },
    { value: "invoice", label: t("kindInvoice") },
    { value: "rectifying", label: t("kindRectifying") },
    { value: "substitution", label: t("kindSubstitution") },
  ];

  return (
    <>
      <PageHeader title={t("title")} lead={t("lead")} />
      {notStarted && <BillingNotStarted settingsLink={notStarted.canSetUp} />}
      <ListFilters
        label={t("filtersLabel")}
        active={activeFilters}
        search={
          <SearchField
            id="invoice-search"
            placeholder={t("searchPlaceholder")}
            value={searchText}
            onChange={setSearchText}
          />
        }
      >
        <FilterSelect
          id="invoice-status"
          label={t("statusFilter")}
          value={status}
          options={statusOptions}
          onChange={setStatus}
        />
        <FilterSelect id="invoice-kind" label={t("kindFilter")} value={kind} options={kindOptions} onChange={setKind} />
        <DateFilter id="invoice-from" label={t("issuedFrom")} value={issuedFrom} onChange={setIssuedFrom} />
        <DateFilter id="invoice-to" label={t("issuedTo")} value={issuedTo} onChange={setIssuedTo} />
      </ListFilters>

      <div className="invoices-list">
        <PagedTable
          label={t("tableLabel")}
          noun={{ one: t("noun.one"), other: t("noun.other") }}
          query={invoices}
          onPage={setPageNumber}
          {...sortableHeaders(columns, sort, setSort)}
          empty={
            <EmptyState title={filtered ? t("emptyFiltered") : t("empty")}>
              <p>{filtered ? t("emptyFilteredHint") : t("emptyHint")}</p>
            </EmptyState>
          }
          row={(invoice) => (
            <tr key={invoice.id}>
              <td>
                <Link className="cell-primary cell-link" href={invoicePage(invoice)}>
                  {invoice.number}
                </Link>
                {invoice.rectifies && (
                  <div className="cell-secondary">{t("rectifies", { number: invoice.rectifies.number })}</div>
                )}
                {/* On a phone the member's column folds in here (app/globals.css). */}
                <div className="cell-secondary invoice-member-inline">{invoice.customerName}</div>
              </td>
              <td className="cell-nowrap">{format.calendarDate(invoice.issuedOn)}</td>
              <td>{invoice.customerName}</td>
              <td className="cell-money">{format.money(invoice.totalAmount, invoice.currency)}</td>
              <td className="cell-money">{format.money(invoice.amountDue, invoice.currency)}</td>
              <td className="cell-end">
                <StatusBadge look={statusLook(invoice.status)} />
              </td>
            </tr>
          )}
        />
      </div>
    </>
  );
}
