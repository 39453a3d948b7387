"use client";

import Link from "next/link";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import { formatDay } from "@/console/format";
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

type OrderField = "name" | "email" | "createdAt";

const ACTIVE_FILTERS = [
  { value: "", label: "All employees" },
  { value: "true", label: "Active" },
  { value: "false", label: "Inactive" },
] as const;
type ActiveFilter = (typeof ACTIVE_FILTERS)[number]["value"];

export const EMPLOYMENT_STATUSES = {
  active: { label: "Active", badge: "badge-active" },
  inactive: { label: "Inactive", badge: "badge-inactive" },
};

const COLUMNS: readonly Column<OrderField>[] = [
  { label: "Name", field: "name" },
  { label: "Email", field: "email" },
  { label: "Holiday list" },
  { label: "Status" },
  { label: "Added", field: "createdAt" },
];

const PAGE_SIZE = 20;

export function EmployeesConsole({ canAdd }: { canAdd: boolean }) {
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

  return (
    <>
      <PageHeader
        title="Employees"
        lead="The club's staff: who clocks in, which holiday list sets their days off, and their attendance."
        create={canAdd ? { label: "Add employee", onClick: () => setAdding(true) } : undefined}
      />
      <AddStaffLink show={canAdd} />

      <search className="toolbar">
        <SearchField id="employee-search" placeholder="Name or email" value={searchText} onChange={setSearchText} />
        <FilterSelect
          id="employee-status"
          label="Status"
          value={isActive}
          options={ACTIVE_FILTERS}
          onChange={setIsActive}
        />
      </search>

      <PagedTable
        label="Employees"
        noun={{ one: "employee", other: "employees" }}
        query={employees}
        onPage={setPageNumber}
        {...sortableHeaders(COLUMNS, sort, setSort)}
        empty={
          <EmptyState title={filtered ? "No employees match" : "No employees yet"}>
            <p>
              {filtered
                ? "Try another search or status."
                : "Add the club's staff from their user accounts; they can then clock in."}
            </p>
          </EmptyState>
        }
        row={(employee) => (
          <tr key={employee.id}>
            <td>
              <Link className="cell-primary cell-link" href={employeePage(employee)}>
                {employeeName(employee)}
              </Link>
            </td>
            <td className="cell-secondary">{employee.email}</td>
            <td>{employee.holidayList ? employee.holidayList.name : <span className="muted">None</span>}</td>
            <td>
              <StatusBadge look={employee.isActive ? EMPLOYMENT_STATUSES.active : EMPLOYMENT_STATUSES.inactive} />
            </td>
            <td className="cell-end cell-nowrap">{formatDay(employee.createdAt)}</td>
          </tr>
        )}
      />

      {adding && <AddEmployeeDialog onClose={() => setAdding(false)} />}
    </>
  );
}
