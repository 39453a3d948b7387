"use client";

import "client-only";

import { keepPreviousData, type QueryKey, useQuery } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import type { AttendancePage, AttendanceRecord } from "@/console/club-api";
import {
  ATTENDANCE_STATUS_ORDER,
  ATTENDANCE_STATUSES,
  clubToday,
  formatClubTimeOn,
  formatHours,
  formatLongDate,
  formatMinutes,
  formatMonth,
  type Month,
  monthOf,
  monthRange,
  monthWeeks,
  shiftMonth,
  WEEKDAYS,
} from "./attendance-format";
import { LoadError, SkeletonCard, StatusBadge } from "./feedback";
import { formFailureOf } from "./forms";

/** A day of the calendar, with its record once the nightly job (or an approved correction) has written one. */
export type CalendarDay = { date: string; record: AttendanceRecord | undefined; today: string };

/** Days in a month: at most 31, so one page of 100 holds them all. */
const MONTH_LIMIT = 100;

function dayLabel(date: string, today: string, record: AttendanceRecord | undefined): string {
  const when = `${formatLongDate(date)}${date === today ? " (today)" : ""}`;
  if (date > today) return `${when}: not yet`;
  if (!record) return `${when}: no record`;
  const parts = [ATTENDANCE_STATUSES[record.status].label];
  if (record.hoursWorked > 0) parts.push(`${formatHours(record.hoursWorked)} worked`);
  if (record.isRegularized) parts.push("corrected");
  return `${when}: ${parts.join(", ")}`;
}

function DayCell({
  date,
  today,
  record,
  selected,
  onSelect,
}: CalendarDay & { selected: boolean; onSelect: (date: string) => void }) {
  const future = date > today;
  const tone = record ? ATTENDANCE_STATUSES[record.status].tone : future ? "tone-future" : "tone-none";
  const classes = ["calendar-day", tone, date === today && "calendar-today"].filter(Boolean).join(" ");
  return (
    <button
      type="button"
      className={classes}
      aria-label={dayLabel(date, today, record)}
      aria-pressed={selected}
      disabled={future}
      onClick={() => onSelect(date)}
    >
      <span className="calendar-day-number" aria-hidden="true">
        {Number(date.slice(8))}
      </span>
      {record && (
        <span className="calendar-day-status" aria-hidden="true">
          {ATTENDANCE_STATUSES[record.status].label}
        </span>
      )}
      {record && record.hoursWorked > 0 && (
        <span className="calendar-day-hours" aria-hidden="true">
          {formatHours(record.hoursWorked)}
        </span>
      )}
      {record?.isRegularized && (
        <span className="calendar-day-mark" aria-hidden="true" title="Corrected by an approved request">
          ✎
        </span>
      )}
    </button>
  );
}

function Legend() {
  return (
    <ul className="calendar-legend" aria-label="Legend">
      {ATTENDANCE_STATUS_ORDER.map((status) => (
        <li key={status}>
          <span className={`calendar-swatch ${ATTENDANCE_STATUSES[status].tone}`} aria-hidden="true" />
          {ATTENDANCE_STATUSES[status].label}
        </li>
      ))}
      <li>
        <span className="calendar-swatch tone-none" aria-hidden="true" />
        No record yet
      </li>
      <li>
        <span className="calendar-legend-mark" aria-hidden="true">
          ✎
        </span>
        Corrected by an approved request
      </li>
    </ul>
  );
}

/** The chosen day's metrics, in the club's time zone. */
function DayDetails({
  day,
  timeZone,
  actions,
}: {
  day: CalendarDay | null;
  timeZone: string;
  actions?: (day: CalendarDay) => ReactNode;
}) {
  const headingId = useId();
  if (!day) {
    return (
      <section className="calendar-details" aria-label="Day details">
        <p className="muted">Choose a day to see its times.</p>
      </section>
    );
  }
  const { date, record } = day;
  return (
    <section className="calendar-details" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <span className="visually-hidden">Day details: </span>
        {formatLongDate(date)}
      </h3>
      {record ? (
        <>
          <p className="calendar-details-status">
            <StatusBadge look={ATTENDANCE_STATUSES[record.status]} />
            {record.isRegularized && <span className="chip chip-corrected">✎ Corrected</span>}
          </p>
          <dl className="definition-list">
            <dt>Check-in</dt>
            <dd>
              {record.checkInAt ? formatClubTimeOn(record.checkInAt, date, timeZone) : <span className="muted">—</span>}
            </dd>
            <dt>Check-out</dt>
            <dd>
              {record.checkOutAt ? (
                formatClubTimeOn(record.checkOutAt, date, timeZone)
              ) : (
                <span className="muted">—</span>
              )}
            </dd>
            <dt>Hours worked</dt>
            <dd>{formatHours(record.hoursWorked)}</dd>
            <dt>Late entry</dt>
            <dd>{formatMinutes(record.lateEntry)}</dd>
            <dt>Early exit</dt>
            <dd>{formatMinutes(record.earlyExit)}</dd>
            <dt>Overtime</dt>
            <dd>{record.overtime > 0 ? formatHours(record.overtime) : "None"}</dd>
          </dl>
          {record.isRegularized && (
            <p className="calendar-details-note">The times come from an approved correction request.</p>
          )}
        </>
      ) : (
        <p className="muted">No record for this day yet: each day is classified during the night after it ends.</p>
      )}
      {actions?.(day)}
    </section>
  );
}

/**
 * One employee's attendance as a month calendar: every day coloured by its status, a mark on corrected
 * days, and the chosen day's check-in, check-out and hours beside it. `load` reads one month (from and
 * to are its first and last day); `dayActions` adds buttons under the chosen day's details.
 */
export function AttendanceCalendar({
  title,
  queryKey,
  load,
  timeZone,
  dayActions,
}: {
  title: string;
  queryKey: QueryKey;
  load: (range: { from: string; to: string; limit: number }) => Promise<AttendancePage>;
  timeZone: string;
  dayActions?: (day: CalendarDay) => ReactNode;
}) {
  const headingId = useId();
  const [today] = useState(() => clubToday(timeZone));
  const [month, setMonth] = useState<Month>(() => monthOf(today));
  const [selected, setSelected] = useState<string | null>(today);
  const records = useQuery({
    queryKey: [...queryKey, month],
    queryFn: () => load({ ...monthRange(month), limit: MONTH_LIMIT }),
    placeholderData: keepPreviousData,
  });

  if (records.isPending) return <SkeletonCard label="Loading the calendar…" lines={8} />;
  const byDate = new Map(
    (records.isPlaceholderData ? [] : (records.data?.items ?? [])).map((record) => [record.date, record]),
  );
  const goTo = (next: Month) => {
    setMonth(next);
    setSelected(next === monthOf(today) ? today : null);
  };
  const selectedDay =
    selected && monthOf(selected) === month ? { date: selected, record: byDate.get(selected), today } : null;

  return (
    <section className="card attendance-calendar" aria-labelledby={headingId}>
      <div className="calendar-header">
        <h2 id={headingId}>{title}</h2>
        <div className="calendar-nav">
          <button
            type="button"
            className="button button-small"
            aria-label="Previous month"
            onClick={() => goTo(shiftMonth(month, -1))}
          >
            ‹
          </button>
          <p className="calendar-month" aria-live="polite">
            {formatMonth(month)}
          </p>
          <button
            type="button"
            className="button button-small"
            aria-label="Next month"
            disabled={month >= monthOf(today)}
            onClick={() => goTo(shiftMonth(month, 1))}
          >
            ›
          </button>
          <button
            type="button"
            className="button button-small"
            disabled={month === monthOf(today)}
            onClick={() => goTo(monthOf(today))}
          >
            This month
          </button>
        </div>
      </div>
      {records.isError ? (
        <LoadError message={formFailureOf(records.error).message} onRetry={() => void records.refetch()} />
      ) : (
        <div className="calendar-layout">
          <table className="calendar" aria-busy={records.isFetching || undefined}>
            <caption className="visually-hidden">Attendance in {formatMonth(month)}</caption>
            <thead>
              <tr>
                {WEEKDAYS.map((weekday) => (
                  <th key={weekday.value} scope="col" abbr={weekday.label}>
                    {weekday.short}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthWeeks(month).map((week) => (
                <tr key={week.find(Boolean)}>
                  {week.map((date, index) => (
                    <td key={date ?? `pad-${index}`}>
                      {date && (
                        <DayCell
                          date={date}
                          today={today}
                          record={byDate.get(date)}
                          selected={date === selected}
                          onSelect={setSelected}
                        />
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <DayDetails day={selectedDay} timeZone={timeZone} actions={dayActions} />
        </div>
      )}
      <Legend />
    </section>
  );
}
