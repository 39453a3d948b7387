"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useConsoleApi } from "@/console/api-client";
import type { EmployeeRow } from "@/console/club-api";
import { useClubFormat } from "@/console/i18n/club-format";
import { AttendanceCalendar } from "@/console/ui/attendance-calendar";
import { ClockCard } from "@/console/ui/clock-card";
import { BackLink, DetailLoadFailure, DetailSkeleton, type ParentList } from "@/console/ui/detail-page";
import { StatusBadge } from "@/console/ui/feedback";
import { PageHeader, useListDialogs } from "@/console/ui/list-page";
import { EmploymentDialog, employeeName } from "../employee-dialogs";
import { useEmploymentLook } from "../employees-console";

/** What the user may do here (the page reads it from their permissions). */
export type EmployeeActions = { edit: boolean; readAttendance: boolean; clockIn: boolean; clockOut: boolean };

function EmploymentCard({ employee }: { employee: EmployeeRow }) {
  const t = useTranslations("employees");
  const format = useClubFormat();
  return (
    <section className="card" aria-labelledby="employment-heading">
      <h2 id="employment-heading">{t("detail.employment")}</h2>
      <dl className="definition-list">
        <dt>{t("detail.email")}</dt>
        <dd className="cell-break">
          <a href={`mailto:${employee.email}`}>{employee.email}</a>
        </dd>
        <dt>{t("detail.status")}</dt>
        <dd>{employee.isActive ? t("detail.active") : t("detail.inactive")}</dd>
        <dt>{t("detail.startsOn")}</dt>
        <dd>{format.longDate(employee.startsOn)}</dd>
        <dt>{t("detail.holidayList")}</dt>
        <dd>
          {employee.holidayList ? (
            <Link href="/holiday-lists">{employee.holidayList.name}</Link>
          ) : (
            <Link href="/holiday-lists">{t("clubDefaultShort")}</Link>
          )}
        </dd>
        <dt>{t("detail.since")}</dt>
        <dd>{format.day(employee.createdAt)}</dd>
        <dt>{t("detail.lastChanged")}</dt>
        <dd>{format.dateTime(employee.updatedAt)}</dd>
      </dl>
    </section>
  );
}

/** HR's view of one employee: their clock (clocking them in or out by hand), and their attendance calendar. */
function EmployeeAttendance({ employee, allowed }: { employee: EmployeeRow; allowed: EmployeeActions }) {
  const t = useTranslations("attendance.clock");
  const api = useConsoleApi();
  const clockKey = ["attendance", "employee", employee.id, "clock"];
  const clock = useQuery({ queryKey: clockKey, queryFn: () => api.employees.clock(employee.id) });
  return (
    <ClockCard
      title={t("title")}
      subject={employeeName(employee)}
      state={clock}
      stateKey={clockKey}
      clockIn={allowed.clockIn ? (body) => api.employees.clockIn(employee.id, body) : undefined}
      clockOut={allowed.clockOut ? (body) => api.employees.clockOut(employee.id, body) : undefined}
      sources={["Manual", "BiometricTerminal"]}
      unavailable={employee.isActive ? undefined : t("inactive")}
    />
  );
}

type OpenDialog = { kind: "employment" };

export function EmployeeDetail({ employeeId, allowed }: { employeeId: string; allowed: EmployeeActions }) {
  const t = useTranslations("employees");
  const employmentLook = useEmploymentLook();
  const employees: ParentList = { href: "/employees", label: t("title") };
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
        back={employees}
        cards={[
          { label: t("detail.loading"), lines: 5 },
          { label: t("detail.loadingClock"), lines: 4 },
        ]}
      />
    );
  }
  if (employee.isError) {
    return (
      <DetailLoadFailure
        back={employees}
        title={t("detail.title")}
        goneMessage={t("detail.gone")}
        error={employee.error}
        onRetry={() => void employee.refetch()}
      />
    );
  }
  const record = employee.data;
  return (
    <>
      <BackLink to={employees} />
      <PageHeader
        title={employeeName(record)}
        lead={
          <>
            <StatusBadge look={employmentLook(record.isActive)} /> {record.email}
          </>
        }
      >
        {allowed.edit && (
          <button type="button" className="button" onClick={() => dialogs.open({ kind: "employment" })}>
            {t("detail.edit")}
          </button>
        )}
      </PageHeader>
      {dialogs.notice}

      <div className="detail-grid">
        <EmploymentCard employee={record} />
        {allowed.readAttendance && <EmployeeAttendance employee={record} allowed={allowed} />}
      </div>
      {allowed.readAttendance && (
        <div className="section-gap">
          <AttendanceCalendar
            title={t("detail.attendance")}
            queryKey={["attendance", "employee", record.id, "records"]}
            load={(range) => api.employees.attendance(record.id, range)}
            owner={{ startsOn: record.startsOn, name: record.firstName }}
          />
        </div>
      )}

      {dialogs.dialog?.kind === "employment" && (
        <EmploymentDialog employee={record} onClose={dialogs.close} onDone={dialogs.done} />
      )}
    </>
  );
}
