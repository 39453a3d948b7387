"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { AttendanceRecord, AttendanceRequest } from "@/console/club-api";
import { ApiError } from "@/console/transport";
import { AttendanceCalendar, type CalendarDay } from "@/console/ui/attendance-calendar";
import {
  clubToday,
  daysBetween,
  formatClubDateTime,
  formatClubTimeOn,
  formatShortDate,
  REQUEST_STATUSES,
} from "@/console/ui/attendance-format";
import { ClockCard } from "@/console/ui/clock-card";
import { EmptyState, SkeletonCard, StatusBadge, StatusMessage } from "@/console/ui/feedback";
import { PagedTable, PageHeader, usePagedQuery } from "@/console/ui/list-page";
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
  return (
    <div className="card empty-state" role="note">
      <p className="empty-state-title">Your account is not set up as an employee</p>
      <p>
        Attendance is kept for the club&apos;s staff. An administrator can add you as an employee; then you can clock in
        here.
      </p>
      {canManageEmployees && (
        <p className="empty-state-actions">
          <Link className="button" href="/employees">
            Open Employees
          </Link>
        </p>
      )}
    </div>
  );
}

/** A request's times, on the club's clocks. */
export function RequestedTimes({ request, timeZone }: { request: AttendanceRequest; timeZone: string }) {
  return (
    <span className="cell-nowrap">
      {formatClubTimeOn(request.checkIn, request.date, timeZone)} –{" "}
      {formatClubTimeOn(request.checkOut, request.date, timeZone)}
    </span>
  );
}

/** The day a request is about, with the times asked for under it. */
export function RequestedDay({ request, timeZone }: { request: AttendanceRequest; timeZone: string }) {
  return (
    <>
      <div className="cell-primary">{formatShortDate(request.date)}</div>
      <div className="cell-secondary">
        <RequestedTimes request={request} timeZone={timeZone} />
      </div>
    </>
  );
}

/** The status of a request and, once decided, by whom, when and why. */
export function Decision({ request, timeZone }: { request: AttendanceRequest; timeZone: string }) {
  return (
    <div className="request-decision">
      <StatusBadge look={REQUEST_STATUSES[request.status]} />
      {request.decidedBy && (
        <div className="cell-secondary">
          by {request.decidedBy.firstName} {request.decidedBy.lastName}
        </div>
      )}
      {request.decidedAt && <div className="cell-secondary">{formatClubDateTime(request.decidedAt, timeZone)}</div>}
      {request.rejectionReason && <div className="cell-secondary request-rejection">“{request.rejectionReason}”</div>}
    </div>
  );
}

function MyRequests({ timeZone }: { timeZone: string }) {
  const api = useConsoleApi();
  const [requests, setPageNumber] = usePagedQuery(REQUESTS_KEY, (pageNumber) =>
    api.me.requests({ pageNumber, pageSize: PAGE_SIZE, orderBy: "createdAt", orderDirection: "desc" }),
  );
  return (
    <>
      <h2 className="section-title">My correction requests</h2>
      <PagedTable
        label="My correction requests"
        noun={{ one: "request", other: "requests" }}
        query={requests}
        onPage={setPageNumber}
        headers={["Day", "Reason", "Sent", "Status"]}
        empty={
          <EmptyState title="No correction requests">
            <p>When a day&apos;s times are wrong, choose it in the calendar and request a correction.</p>
          </EmptyState>
        }
        row={(request) => (
          <tr key={request.id}>
            <td className="cell-nowrap">
              <RequestedDay request={request} timeZone={timeZone} />
            </td>
            <td className="cell-reason">{request.reason}</td>
            <td className="cell-secondary cell-nowrap">{formatClubDateTime(request.createdAt, timeZone)}</td>
            <td className="cell-end">
              <Decision request={request} timeZone={timeZone} />
            </td>
          </tr>
        )}
      />
    </>
  );
}

type Correction = { date: string; record: AttendanceRecord | undefined };

export function MyAttendance({
  allowed,
  timeZone,
  canManageEmployees,
}: {
  allowed: SelfService;
  timeZone: string;
  canManageEmployees: boolean;
}) {
  const api = useConsoleApi();
  const queryClient = useQueryClient();
  const [today] = useState(() => clubToday(timeZone));
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
    if (!mayCorrect(day.date))
      return <p className="muted calendar-details-note">Corrections can be requested up to 7 days after the day.</p>;
    return (
      <p className="calendar-details-actions">
        <button type="button" className="button" onClick={() => setCorrection({ date: day.date, record: day.record })}>
          Request a correction
        </button>
      </p>
    );
  };

  return (
    <>
      <PageHeader
        title="My attendance"
        lead="Clock in and out, see how each day was recorded, and ask for a correction when the times are wrong."
        create={
          allowed.request && !notLinked && !link.isPending
            ? { label: "Request a correction", onClick: () => setCorrection({ date: today, record: undefined }) }
            : undefined
        }
      />
      {notice && <StatusMessage onDismiss={() => setNotice(null)}>{notice}</StatusMessage>}
      {link.isPending ? (
        <div className="stack">
          <SkeletonCard label="Loading your attendance…" lines={4} />
          <SkeletonCard label="Loading the calendar…" lines={8} />
        </div>
      ) : notLinked ? (
        <NotAnEmployee canManageEmployees={canManageEmployees} />
      ) : (
        <div className="stack">
          {allowed.clock && (
            <ClockCard
              title="Clock"
              state={clock}
              stateKey={CLOCK_KEY}
              clockIn={api.me.clockIn}
              clockOut={api.me.clockOut}
              sources={["MobileApp", "Manual"]}
              timeZone={timeZone}
            />
          )}
          {allowed.read && (
            <AttendanceCalendar
              title="My days"
              queryKey={RECORDS_KEY}
              load={(range) => api.me.attendance(range)}
              timeZone={timeZone}
              dayActions={dayActions}
            />
          )}
        </div>
      )}
      {allowed.readRequests && !notLinked && !link.isPending && <MyRequests timeZone={timeZone} />}

      {correction && (
        <CorrectionDialog
          date={correction.date}
          record={correction.record}
          today={today}
          timeZone={timeZone}
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
