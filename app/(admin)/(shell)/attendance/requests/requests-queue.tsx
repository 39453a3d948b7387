"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { AttendanceRequest, RequestStatus } from "@/console/club-api";
import {
  formatClubDateTime,
  formatLongDate,
  REQUEST_STATUS_VALUES,
  REQUEST_STATUSES,
} from "@/console/ui/attendance-format";
import { EmptyState } from "@/console/ui/feedback";
import {
  type Column,
  FilterSelect,
  PagedTable,
  PageHeader,
  type Sort,
  sortableHeaders,
  useListDialogs,
  usePagedQuery,
} from "@/console/ui/list-page";
import { Decision, RequestedDay } from "../my-attendance";
import { ApproveDialog, employeeName, RejectDialog } from "./decision-dialogs";

type OrderField = "createdAt" | "date";
type StatusFilter = RequestStatus | "";

const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  ...REQUEST_STATUS_VALUES.map((status) => ({ value: status, label: REQUEST_STATUSES[status].label })),
  { value: "", label: "All requests" },
];

const COLUMNS: readonly Column<OrderField>[] = [
  { label: "Employee" },
  { label: "Day", field: "date" },
  { label: "Reason" },
  { label: "Sent", field: "createdAt" },
  { label: "Status" },
];

const PAGE_SIZE = 20;

type OpenDialog = { kind: "approve" | "reject"; request: AttendanceRequest };

/** Every employee, for the filter (the API pages at 100; a club has fewer staff). */
function useEmployeeChoices(enabled: boolean) {
  const api = useConsoleApi();
  return useQuery({
    queryKey: ["employees", "choices"],
    queryFn: () => api.employees.list({ pageSize: 100, orderBy: "name", orderDirection: "asc" }),
    enabled,
    select: (page) => [
      { value: "", label: "All employees" },
      ...page.items.map((employee) => ({ value: employee.id, label: `${employee.firstName} ${employee.lastName}` })),
    ],
  });
}

function DateFilter({
  id,
  label,
  value,
  invalid,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  invalid?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className={invalid ? "field field-date field-invalid" : "field field-date"}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="date"
        value={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {invalid && (
        <ul id={`${id}-error`} className="field-error">
          <li>{invalid}</li>
        </ul>
      )}
    </div>
  );
}

export function RequestsQueue({
  currentUserId,
  canListEmployees,
  timeZone,
}: {
  currentUserId: string;
  canListEmployees: boolean;
  timeZone: string;
}) {
  const api = useConsoleApi();
  const [status, setStatus] = useState<StatusFilter>("Open");
  const [employeeId, setEmployeeId] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [sort, setSort] = useState<Sort<OrderField>>({ field: "createdAt", direction: "asc" });
  // Approving rewrites the employee's day: their calendars reload too.
  const dialogs = useListDialogs<OpenDialog>([["attendance"]]);
  const { dialog, close, done } = dialogs;
  const employees = useEmployeeChoices(canListEmployees);
  const rangeBackwards = from !== "" && to !== "" && to < from;

  const filters = {
    status: status || undefined,
    employeeId: employeeId || undefined,
    from: from || undefined,
    to: to || undefined,
  };
  const [requests, setPageNumber] = usePagedQuery(
    ["attendance", "queue", { ...filters, sort }],
    (pageNumber) =>
      api.attendanceRequests.list({
        ...filters,
        pageNumber,
        pageSize: PAGE_SIZE,
        orderBy: sort.field,
        orderDirection: sort.direction,
      }),
    { enabled: !rangeBackwards },
  );
  const filtered = status !== "Open" || employeeId !== "" || from !== "" || to !== "";
  const sortable = sortableHeaders(COLUMNS, sort, setSort);

  return (
    <>
      <PageHeader
        title="Correction requests"
        lead="Employees' requests to correct the times of a day. Approving classifies the day again from the requested times."
      />
      {dialogs.notice}

      <search className="toolbar toolbar-filters" aria-label="Filter the requests">
        <FilterSelect id="request-status" label="Status" value={status} options={STATUS_FILTERS} onChange={setStatus} />
        {canListEmployees && (
          <FilterSelect
            id="request-employee"
            label="Employee"
            value={employeeId}
            options={
              employees.data ?? [
                { value: "", label: employees.isError ? "All employees (list unavailable)" : "All employees" },
              ]
            }
            onChange={setEmployeeId}
          />
        )}
        <DateFilter id="request-from" label="From" value={from} onChange={setFrom} />
        <DateFilter
          id="request-to"
          label="To"
          value={to}
          invalid={rangeBackwards ? "Pick a day on or after From." : undefined}
          onChange={setTo}
        />
      </search>

      {rangeBackwards ? (
        <section className="card">
          <EmptyState title="The range ends before it starts">
            <p>Change From or To to see requests.</p>
          </EmptyState>
        </section>
      ) : (
        <PagedTable
          label="Correction requests"
          noun={{ one: "request", other: "requests" }}
          query={requests}
          onPage={setPageNumber}
          headers={[
            ...sortable.headers,
            <span key="actions" className="visually-hidden">
              Actions
            </span>,
          ]}
          sortOf={sortable.sortOf}
          empty={
            <EmptyState title={filtered ? "No requests match" : "No open requests"}>
              <p>
                {filtered
                  ? "Try another status, employee or range."
                  : "Nothing is waiting for a decision. New requests appear here."}
              </p>
            </EmptyState>
          }
          row={(request) => (
            <tr key={request.id}>
              <td className="cell-nowrap">
                {canListEmployees ? (
                  <Link
                    className="cell-primary cell-link"
                    href={`/employees/${encodeURIComponent(request.employeeId)}`}
                    title={request.employee.email}
                  >
                    {employeeName(request)}
                  </Link>
                ) : (
                  <span className="cell-primary" title={request.employee.email}>
                    {employeeName(request)}
                  </span>
                )}
              </td>
              <td className="cell-nowrap">
                <RequestedDay request={request} timeZone={timeZone} />
              </td>
              <td className="cell-reason">{request.reason}</td>
              <td className="cell-secondary cell-nowrap">{formatClubDateTime(request.createdAt, timeZone)}</td>
              <td>
                <Decision request={request} timeZone={timeZone} />
              </td>
              <td>
                {request.status === "Open" && request.employee.userId === currentUserId && (
                  <span className="muted">Your own request: another manager decides it.</span>
                )}
                {request.status === "Open" && request.employee.userId !== currentUserId && (
                  <div className="cell-actions">
                    <button
                      type="button"
                      className="button button-small button-primary"
                      aria-label={`Approve ${employeeName(request)}'s request for ${formatLongDate(request.date)}`}
                      onClick={() => dialogs.open({ kind: "approve", request })}
                    >
                      Approve
                    </button>
                    <button
                      type="button"
                      className="button button-small button-danger-quiet"
                      aria-label={`Reject ${employeeName(request)}'s request for ${formatLongDate(request.date)}`}
                      onClick={() => dialogs.open({ kind: "reject", request })}
                    >
                      Reject
                    </button>
                  </div>
                )}
              </td>
            </tr>
          )}
        />
      )}

      {dialog?.kind === "approve" && (
        <ApproveDialog request={dialog.request} timeZone={timeZone} onClose={close} onDone={done} />
      )}
      {dialog?.kind === "reject" && (
        <RejectDialog request={dialog.request} timeZone={timeZone} onClose={close} onDone={done} />
      )}
    </>
  );
}
