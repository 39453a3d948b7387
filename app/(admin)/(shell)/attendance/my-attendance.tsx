"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { AttendanceRecord, AttendanceRequest } from "@/console/club-api";
import { ApiError } from "@/console/transport";
import { AttendanceCalendar, type CalendarDay } from "@/console/ui/attendance-calendar";
import { daysBetween } from "@/console/ui/attendance-format";
import { ClockCard } from "@/console/ui/clock-card";
import { EmptyState, SkeletonCard, StatusBadge, StatusMessage } from "@/console/ui/feedback";
import { PagedTable, PageHeader, usePagedQuery } from "@/console/ui/list-page";
import { useAttendanceFormat } from "@/console/ui/use-attendance-format";
import { CorrectionDialog } from "./correction-dialog";

/** What the user may do here (the page reads it from their permissions). */
export type SelfService = { clock: boolean; read: boolean; readRequests: boolean; request: boolean };

const CLOCK_KEY = ["attendance", "me", "clock"] as const;
const RECORDS_KEY = ["attendance", "me", "records"] as const;
const REQUESTS_KEY = ["attendance", "me", "requests"] as const;
/** BR-HR-008: a day can be corrected until 7 days after it. */
const CORRECTION_WINDOW_DAYS = 7;
const PAGE_SIZE = 10;

const NOT_LINKED = "Employee.NotLinked";
const isNotLinked = (error: Error | null) => error instanceof ApiError && error.code === NOT_LINKED;

function NotAnEmployee({ canManageEmployees }: { canManageEmployees: boolean }) {
  const t = useTranslations("attendance.mine");
  return (
    <div className="card empty-state" role="note">
      <p className="empty-state-title">{t("notLinkedTitle")}</p>
      <p>{t("notLinkedText")}</p>
      {canManageEmployees && (
        <p className="empty-state-actions">
          <Link className="button" href="/employees">
            {t("openEmployees")}
          </Link>
        </p>
      )}
    </div>
  );
}

/** A request's times, on the club's clocks. */
export function RequestedTimes({ request }: { request: AttendanceRequest }) {
  const format = useAttendanceFormat();
  return (
    <span className="cell-nowrap">
      {format.timeOn(request.checkIn, request.date)} – {format.timeOn(request.checkOut, request.date)}
    </span>
  );
}

/** The day a request is about, with the times asked for under it. */
export function RequestedDay({ request }: { request: AttendanceRequest }) {
  const format = useAttendanceFormat();
  return (
    <>
      <div className="cell-primary">{format.date(request.date)}</div>
      <div className="cell-secondary">
        <RequestedTimes request={request} />
      </div>
    </>
  );
}

/** The status of a request and, once decided, by whom, when and why. */
export function Decision({ request }: { request: AttendanceRequest }) {
  const t = useTranslations("attendance.decision");
  const format = useAttendanceFormat();
  return (
    <div className="request-decision">
      <StatusBadge look={format.requestLook(request.status)} />
      {request.decidedBy && (
        <div className="cell-secondary">
          {t("by", { name: `${request.decidedBy.firstName} ${request.decidedBy.lastName}` })}
        </div>
      )}
      {request.decidedAt && <div className="cell-secondary">{format.dateTime(request.decidedAt)}</div>}
      {request.rejectionReason && (
        <div className="cell-secondary request-rejection">{t("reasonQuoted", { reason: request.rejectionReason })}</div>
      )}
    </div>
  );
}

function MyRequests() {
  const t = useTranslations("attendance.mine");
  const format = useAttendanceFormat();
  const api = useConsoleApi();
  const [requests, setPageNumber] = usePagedQuery(REQUESTS_KEY, (pageNumber) =>
    api.me.requests({ pageNumber, pageSize: PAGE_SIZE, orderBy: "createdAt", orderDirection: "desc" }),
  );
  return (
    <>
      <h2 className="section-title">{t("requestsTitle")}</h2>
      <div className="card-table-on-phone">
        <PagedTable
          label={t("requestsTitle")}
          noun={{ one: t("requestNoun", { count: 1 }), other: t("requestNoun", { count: 2 }) }}
          query={requests}
          onPage={setPageNumber}
          headers={[t("columns.day"), t("columns.reason"), t("columns.sent"), t("columns.status")]}
          empty={
            <EmptyState title={t("noRequestsTitle")}>
              <p>{t("noRequestsText")}</p>
            </EmptyState>
          }
          row={(request) => (
            <tr key={request.id}>
              <td className="cell-nowrap" data-label={t("columns.day")}>
                <RequestedDay request={request} />
              </td>
              <td className="cell-reason" data-label={t("columns.reason")}>
                {request.reason}
              </td>
              <td className="cell-secondary cell-nowrap" data-label={t("columns.sent")}>
                {format.dateTime(request.createdAt)}
              </td>
              <td className="cell-end" data-label={t("columns.status")}>
                <Decision request={request} />
              </td>
            </tr>
          )}
        />
      </div>
    </>
  );
}

type Correction = { date: string; record: AttendanceRecord | undefined };

export function MyAttendance({ allowed, canManageEmployees }: { allowed: SelfService; canManageEmployees: boolean }) {
  const t = useTranslations("attendance");
  const format = useAttendanceFormat();
  const api = useConsoleApi();
  const queryClient = useQueryClient();
  const [today] = useState(() => format.today());
  const [correction, setCorrection] = useState<Correction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const clock = useQuery({ queryKey: CLOCK_KEY, queryFn: api.me.clock, enabled: allowed.clock });
  // Without the clock, one record tells whether the user is an employee at all.
  const probe = useQuery({
    queryKey: [...RECORDS_KEY, "probe"],
    queryFn: () => api.me.attendance({ limit: 1 }),
    enabled: !allowed.clock,
  });
  const link = allowed.clock ? clock : probe;
  const notLinked = isNotLinked(link.error);

  const mayCorrect = (date: string) => {
    const age = daysBetween(date, today);
    return age >= 0 && age <= CORRECTION_WINDOW_DAYS;
  };
  const dayActions = (day: CalendarDay) => {
    if (!allowed.request) return null;
    if (!mayCorrect(day.date)) return <p className="muted calendar-details-note">{t("mine.windowClosed")}</p>;
    return (
      <p className="calendar-details-actions">
        <button type="button" className="button" onClick={() => setCorrection({ date: day.date, record: day.record })}>
          {t("mine.requestCorrection")}
        </button>
      </p>
    );
  };

  return (
    <>
      <PageHeader
        title={t("mine.title")}
        lead={t("mine.lead")}
        create={
          allowed.request && !notLinked && !link.isPending
            ? { label: t("mine.requestCorrection"), onClick: () => setCorrection({ date: today, record: undefined }) }
            : undefined
        }
      />
      {notice && <StatusMessage onDismiss={() => setNotice(null)}>{notice}</StatusMessage>}
      {link.isPending ? (
        <div className="stack">
          <SkeletonCard label={t("mine.loading")} lines={4} />
          <SkeletonCard label={t("calendar.loading")} lines={8} />
        </div>
      ) : notLinked ? (
        <NotAnEmployee canManageEmployees={canManageEmployees} />
      ) : (
        <div className="stack">
          {allowed.clock && (
            <ClockCard
              title={t("clock.title")}
              state={clock}
              stateKey={CLOCK_KEY}
              clockIn={api.me.clockIn}
              clockOut={api.me.clockOut}
              // The web console is neither the mobile app nor a terminal: the API records it as entered by hand.
              sources={["Manual"]}
            />
          )}
          {allowed.read && (
            <AttendanceCalendar
              title={t("mine.myDays")}
              queryKey={RECORDS_KEY}
              load={(range) => api.me.attendance(range)}
              dayActions={dayActions}
            />
          )}
        </div>
      )}
      {allowed.readRequests && !notLinked && !link.isPending && <MyRequests />}

      {correction && (
        <CorrectionDialog
          date={correction.date}
          record={correction.record}
          today={today}
          onClose={() => setCorrection(null)}
          onDone={(message) => {
            setCorrection(null);
            setNotice(message);
            void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
          }}
        />
      )}
    </>
  );
}
