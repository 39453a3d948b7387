"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { AttendanceRequest, RequestStatus } from "@/console/club-api";
import { REQUEST_STATUS_VALUES } from "@/console/ui/attendance-format";
import { EmptyState } from "@/console/ui/feedback";
import { ListFilters } from "@/console/ui/list-filters";
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
import { RowAction } from "@/console/ui/row-actions";
import { useAttendanceFormat } from "@/console/ui/use-attendance-format";
import { Decision, RequestedDay } from "../my-attendance";
import { ApproveDialog, employeeName, RejectDialog } from "./decision-dialogs";

type OrderField = "createdAt" | "date";
type StatusFilter = RequestStatus | "";

const PAGE_SIZE = 20;

type OpenDialog = { kind: "approve" | "reject"; request: AttendanceRequest };

/** Every employee, for the filter (the API pages at 100; a club has fewer staff). */
function useEmployeeChoices(enabled: boolean, everyone: string) {
  const api = useConsoleApi();
  return useQuery({
    queryKey: ["employees", "choices"],
    queryFn: () => api.employees.list({ pageSize: 100, orderBy: "name", orderDirection: "asc" }),
    enabled,
    select: (page) => [
      { value: "", label: everyone },
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
}: {
  currentUserId: string;
  canListEmployees: boolean;
}) {
  const t = useTranslations("attendance.queue");
  const format = useAttendanceFormat();
  const api = useConsoleApi();
  const [status, setStatus] = useState<StatusFilter>("Open");
  const [employeeId, setEmployeeId] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [sort, setSort] = useState<Sort<OrderField>>({ field: "createdAt", direction: "asc" });
  // Approving rewrites the employee's day: their calendars reload too.
  const dialogs = useListDialogs<OpenDialog>([["attendance"]]);
  const { dialog, close, done } = dialogs;
  const employees = useEmployeeChoices(canListEmployees, t("allEmployees"));
  const statusFilters: readonly { value: StatusFilter; label: string }[] = [
    ...REQUEST_STATUS_VALUES.map((value) => ({ value, label: format.requestLook(value).label })),
    { value: "", label: t("allRequests") },
  ];
  const columns: readonly Column<OrderField>[] = [
    { label: t("columns.employee") },
    { label: t("columns.day"), field: "date" },
    { label: t("columns.reason") },
    { label: t("columns.sent"), field: "createdAt" },
    { label: t("columns.status") },
  ];
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
  const setFilters = [status !== "Open", employeeId !== "", from !== "", to !== ""].filter(Boolean).length;
  const filtered = setFilters > 0;
  const sortable = sortableHeaders(columns, sort, setSort);

  return (
    <>
      <PageHeader title={t("title")} lead={t("lead")} />
      {dialogs.notice}

      <ListFilters label={t("filtersLabel")} active={setFilters}>
        <FilterSelect
          id="request-status"
          label={t("status")}
          value={status}
          options={statusFilters}
          onChange={setStatus}
        />
        {canListEmployees && (
          <FilterSelect
            id="request-employee"
            label={t("employee")}
            value={employeeId}
            options={
              employees.data ?? [
                { value: "", label: employees.isError ? t("employeesUnavailable") : t("allEmployees") },
              ]
            }
            onChange={setEmployeeId}
          />
        )}
        <DateFilter id="request-from" label={t("from")} value={from} onChange={setFrom} />
        <DateFilter
          id="request-to"
          label={t("to")}
          value={to}
          invalid={rangeBackwards ? t("rangeBackwards") : undefined}
          onChange={setTo}
        />
      </ListFilters>

      {rangeBackwards ? (
        <section className="card">
          <EmptyState title={t("rangeTitle")}>
            <p>{t("rangeText")}</p>
          </EmptyState>
        </section>
      ) : (
        <div className="card-table-on-phone">
          <PagedTable
            label={t("title")}
            noun={{ one: t("noun", { count: 1 }), other: t("noun", { count: 2 }) }}
            query={requests}
            onPage={setPageNumber}
            headers={[
              ...sortable.headers,
              <span key="actions" className="visually-hidden">
                {t("columns.actions")}
              </span>,
            ]}
            sortOf={sortable.sortOf}
            empty={
              <EmptyState title={filtered ? t("noMatchTitle") : t("noneTitle")}>
                <p>{filtered ? t("noMatchText") : t("noneText")}</p>
              </EmptyState>
            }
            row={(request) => (
              <tr key={request.id}>
                <td className="cell-nowrap" data-label={t("columns.employee")}>
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
                <td className="cell-nowrap" data-label={t("columns.day")}>
                  <RequestedDay request={request} />
                </td>
                <td className="cell-reason" data-label={t("columns.reason")}>
                  {request.reason}
                </td>
                <td className="cell-secondary cell-nowrap" data-label={t("columns.sent")}>
                  {format.dateTime(request.createdAt)}
                </td>
                <td data-label={t("columns.status")}>
                  <Decision request={request} />
                </td>
                <td>
                  {request.status === "Open" && request.employee.userId === currentUserId && (
                    <span className="muted">{t("ownRequest")}</span>
                  )}
                  {request.status === "Open" && request.employee.userId !== currentUserId && (
                    <div className="cell-actions">
                      <RowAction
                        label={t("approve")}
                        name={t("approveLabel", {
                          name: employeeName(request),
                          date: format.longDate(request.date),
                        })}
                        tone="primary"
                        onClick={() => dialogs.open({ kind: "approve", request })}
                      />
                      <RowAction
                        label={t("reject")}
                        name={t("rejectLabel", {
                          name: employeeName(request),
                          date: format.longDate(request.date),
                        })}
                        tone="danger"
                        onClick={() => dialogs.open({ kind: "reject", request })}
                      />
                    </div>
                  )}
                </td>
              </tr>
            )}
          />
        </div>
      )}

      {dialog?.kind === "approve" && <ApproveDialog request={dialog.request} onClose={close} onDone={done} />}
      {dialog?.kind === "reject" && <RejectDialog request={dialog.request} onClose={close} onDone={done} />}
    </>
  );
}
