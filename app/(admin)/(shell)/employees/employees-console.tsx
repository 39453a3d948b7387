"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import { useClubFormat } from "@/console/i18n/club-format";
import { EmptyState, StatusBadge } from "@/console/ui/feedback";
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
import { yesNoFilter } from "@/console/ui/yes-no-filter";
import { AddStaffLink } from "../staff/add-staff-link";
import { AddEmployeeDialog, employeeName, employeePage } from "./employee-dialogs";

type OrderField = "name" | "email" | "startsOn";

type ActiveFilter = "" | "true" | "false";

/** An employee's badge: active or inactive, in the reader's words. */
export function useEmploymentLook() {
  const t = useTranslations("employees.statuses");
  return (isActive: boolean) =>
    isActive ? { label: t("active"), badge: "badge-active" } : { label: t("inactive"), badge: "badge-inactive" };
}

const PAGE_SIZE = 20;

export function EmployeesConsole({ canAdd }: { canAdd: boolean }) {
  const t = useTranslations("employees");
  const format = useClubFormat();
  const employmentLook = useEmploymentLook();
  const api = useConsoleApi();
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim(), 300);
  const [isActive, setIsActive] = useState<ActiveFilter>("");
  const [sort, setSort] = useState<Sort<OrderField>>({ field: "name", direction: "asc" });
  const [adding, setAdding] = useState(false);
  const filters = { search: search || undefined, isActive: yesNoFilter(isActive) };
  const [employees, setPageNumber] = usePagedQuery(["employees", { ...filters, sort }], (pageNumber) =>
    api.employees.list({
      ...filters,
      pageNumber,
      pageSize: PAGE_SIZE,
      orderBy: sort.field,
      orderDirection: sort.direction,
    }),
  );
  const filtered = search !== "" || isActive !== "";
  const activeFilters: readonly { value: ActiveFilter; label: string }[] = [
    { value: "", label: t("filters.all") },
    { value: "true", label: t("filters.active") },
    { value: "false", label: t("filters.inactive") },
  ];
  const columns: readonly Column<OrderField>[] = [
    { label: t("columns.name"), field: "name" },
    { label: t("columns.email"), field: "email" },
    { label: t("columns.holidayList") },
    { label: t("columns.status") },
    { label: t("columns.startsOn"), field: "startsOn" },
  ];

  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("lead")}
        create={canAdd ? { label: t("add"), onClick: () => setAdding(true) } : undefined}
      />
      <AddStaffLink show={canAdd} />

      <search className="toolbar">
        <SearchField
          id="employee-search"
          placeholder={t("searchPlaceholder")}
          value={searchText}
          onChange={setSearchText}
        />
        <FilterSelect
          id="employee-status"
          label={t("status")}
          value={isActive}
          options={activeFilters}
          onChange={setIsActive}
        />
      </search>

      <div className="card-table-on-phone">
        <PagedTable
          label={t("title")}
          noun={{ one: t("noun", { count: 1 }), other: t("noun", { count: 2 }) }}
          query={employees}
          onPage={setPageNumber}
          {...sortableHeaders(columns, sort, setSort)}
          empty={
            <EmptyState title={filtered ? t("noMatchTitle") : t("noneTitle")}>
              <p>{filtered ? t("noMatchText") : t("noneText")}</p>
            </EmptyState>
          }
          row={(employee) => (
            <tr key={employee.id}>
              <td data-label={t("columns.name")}>
                <Link className="cell-primary cell-link" href={employeePage(employee)}>
                  {employeeName(employee)}
                </Link>
              </td>
              <td className="cell-secondary cell-break" data-label={t("columns.email")}>
                {employee.email}
              </td>
              <td data-label={t("columns.holidayList")}>
                {employee.holidayList ? (
                  employee.holidayList.name
                ) : (
                  <span className="muted">{t("clubDefaultShort")}</span>
                )}
              </td>
              <td data-label={t("columns.status")}>
                <StatusBadge look={employmentLook(employee.isActive)} />
              </td>
              <td className="cell-end cell-nowrap" data-label={t("columns.startsOn")}>
                {format.calendarDate(employee.startsOn)}
              </td>
            </tr>
          )}
        />
      </div>

      {adding && <AddEmployeeDialog onClose={() => setAdding(false)} />}
    </>
  );
}
