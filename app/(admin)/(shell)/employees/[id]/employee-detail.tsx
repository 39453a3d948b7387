"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useConsoleApi } from "@/console/api-client";
import type { EmployeeRow } from "@/console/club-api";
import { formatDay } from "@/console/format";
import { AttendanceCalendar } from "@/console/ui/attendance-calendar";
import { formatClubDateTime } from "@/console/ui/attendance-format";
import { ClockCard } from "@/console/ui/clock-card";
import { BackLink, DetailLoadFailure, DetailSkeleton, type ParentList } from "@/console/ui/detail-page";
import { StatusBadge } from "@/console/ui/feedback";
import { PageHeader, useListDialogs } from "@/console/ui/list-page";
import { EmploymentDialog, employeeName } from "../employee-dialogs";
import { EMPLOYMENT_STATUSES } from "../employees-console";

/** What the user may do here (the page reads it from their permissions). */
export type EmployeeActions = { edit: boolean; readAttendance: boolean; clockIn: boolean; clockOut: boolean };

const EMPLOYEES: ParentList = { href: "/employees", label: "Employees" };

function EmploymentCard({ employee, timeZone }: { employee: EmployeeRow; timeZone: string }) {
  return (
    <section className="card" aria-labelledby="employment-heading">
      <h2 id="employment-heading">Employment</h2>
      <dl className="definition-list">
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${employee.email}`}>{employee.email}</a>
        </dd>
        <dt>Status</dt>
        <dd>{employee.isActive ? "Active: clocks in, classified nightly" : "Inactive: no clocking, not classified"}</dd>
        <dt>Holiday list</dt>
        <dd>
          {employee.holidayList ? (
            <Link href="/holiday-lists">{employee.holidayList.name}</Link>
          ) : (
            <span className="muted">None: every day is a working day</span>
          )}
        </dd>
        <dt>Employee since</dt>
        <dd>{formatDay(employee.createdAt)}</dd>
        <dt>Last changed</dt>
        <dd>{formatClubDateTime(employee.updatedAt, timeZone)}</dd>
      </dl>
    </section>
  );
}

/** HR's view of one employee: their clock (clocking them in or out by hand), and their attendance calendar. */
function EmployeeAttendance({
  employee,
  allowed,
  timeZone,
}: {
  employee: EmployeeRow;
  allowed: EmployeeActions;
  timeZone: string;
}) {
  const api = useConsoleApi();
  const clockKey = ["attendance", "employee", employee.id, "clock"];
  const clock = useQuery({ queryKey: clockKey, queryFn: () => api.employees.clock(employee.id) });
  return (
    <ClockCard
      title="Clock"
      subject={employeeName(employee)}
      state={clock}
      stateKey={clockKey}
      clockIn={allowed.clockIn ? (body) => api.employees.clockIn(employee.id, body) : undefined}
      clockOut={allowed.clockOut ? (body) => api.employees.clockOut(employee.id, body) : undefined}
      sources={["Manual", "BiometricTerminal"]}
      timeZone={timeZone}
      unavailable={employee.isActive ? undefined : "Inactive employees cannot clock in or out."}
    />
  );
}

type OpenDialog = { kind: "employment" };

export function EmployeeDetail({
  employeeId,
  allowed,
  timeZone,
}: {
  employeeId: string;
  allowed: EmployeeActions;
  timeZone: string;
}) {
  const api = useConsoleApi();
  const employee = useQuery({
    queryKey: ["employees", "detail", employeeId],
    queryFn: () => api.employees.get(employeeId),
  });
  // Deactivating stops the clock, and a list change moves the holiday lists' employee counts.
  const dialogs = useListDialogs<OpenDialog>([
    ["employees"],
    ["attendance", "employee", employeeId],
    ["holiday-lists"],
  ]);

  if (employee.isPending) {
    return (
      <DetailSkeleton
        back={EMPLOYEES}
        cards={[
          { label: "Loading the employee…", lines: 5 },
          { label: "Loading the clock…", lines: 4 },
        ]}
      />
    );
  }
  if (employee.isError) {
    return (
      <DetailLoadFailure
        back={EMPLOYEES}
        title="Employee"
        goneMessage="This employee does not exist."
        error={employee.error}
        onRetry={() => void employee.refetch()}
      />
    );
  }
  const record = employee.data;
  return (
    <>
      <BackLink to={EMPLOYEES} />
      <PageHeader
        title={employeeName(record)}
        lead={
          <>
            <StatusBadge look={record.isActive ? EMPLOYMENT_STATUSES.active : EMPLOYMENT_STATUSES.inactive} />{" "}
            {record.email}
          </>
        }
      >
        {allowed.edit && (
          <button type="button" className="button" onClick={() => dialogs.open({ kind: "employment" })}>
            Edit employment
          </button>
        )}
      </PageHeader>
      {dialogs.notice}

      <div className="detail-grid">
        <EmploymentCard employee={record} timeZone={timeZone} />
        {allowed.readAttendance && <EmployeeAttendance employee={record} allowed={allowed} timeZone={timeZone} />}
      </div>
      {allowed.readAttendance && (
        <div className="section-gap">
          <AttendanceCalendar
            title="Attendance"
            queryKey={["attendance", "employee", record.id, "records"]}
            load={(range) => api.employees.attendance(record.id, range)}
            timeZone={timeZone}
          />
        </div>
      )}

      {dialogs.dialog?.kind === "employment" && (
        <EmploymentDialog employee={record} onClose={dialogs.close} onDone={dialogs.done} />
      )}
    </>
  );
}
