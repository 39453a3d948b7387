"use client";

import "client-only";

import { keepPreviousData, type QueryKey, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { AttendancePage, AttendanceRecord } from "@/console/club-api";
import {
  ATTENDANCE_LOOKS,
  ATTENDANCE_STATUS_ORDER,
  addDays,
  ISO_WEEKDAYS,
  type Month,
  monthOf,
  monthRange,
  monthWeeks,
  shiftMonth,
} from "./attendance-format";
import { LoadError, SkeletonCard, StatusBadge } from "./feedback";
import { formFailureOf, useFailureText } from "./forms";
import { type AttendanceFormat, useAttendanceFormat } from "./use-attendance-format";

/** A day of the calendar, with its record once the nightly job (or an approved correction) has written one. */
export type CalendarDay = { date: string; record: AttendanceRecord | undefined; today: string };

/** Days in a month: at most 31, so one page of 100 holds them all. */
const MONTH_LIMIT = 100;

/** Whose calendar: their first day of employment (no record is kept before it) and, for HR, their name. */
type CalendarOwner = { startsOn?: string; name?: string };

function useDayLabel(format: AttendanceFormat, owner: CalendarOwner) {
  const t = useTranslations("attendance.calendar");
  return (date: string, today: string, record: AttendanceRecord | undefined) => {
    const when = date === today ? `${format.longDate(date)} (${t("today")})` : format.longDate(date);
    if (date > today) return t("dayNotYet", { date: when });
    if (!record && owner.startsOn && date < owner.startsOn) return t("dayBeforeStart", { date: when });
    if (!record) return t("dayNoRecord", { date: when });
    const parts = [format.status(record.status)];
    if (record.hoursWorked > 0) parts.push(t("hoursWorked", { hours: format.hours(record.hoursWorked) }));
    if (record.isRegularized) parts.push(t("corrected"));
    return t("dayWithRecord", { date: when, details: parts.join(", ") });
  };
}

function Legend() {
  const t = useTranslations("attendance.calendar");
  const format = useAttendanceFormat();
  return (
    <ul className="calendar-legend" aria-label={t("legend")}>
      {ATTENDANCE_STATUS_ORDER.map((status) => (
        <li key={status}>
          <span className={`calendar-swatch ${ATTENDANCE_LOOKS[status].tone}`} aria-hidden="true" />
          {format.status(status)}
        </li>
      ))}
      <li>
        <span className="calendar-swatch tone-none" aria-hidden="true" />
        {t("noRecordYet")}
      </li>
      <li>
        <span className="calendar-legend-mark" aria-hidden="true">
          ✎
        </span>
        {t("correctedTitle")}
      </li>
    </ul>
  );
}

/** The chosen day's metrics, on the club's clock. */
function DayDetails({
  day,
  owner,
  actions,
}: {
  day: CalendarDay | null;
  owner: CalendarOwner;
  actions?: (day: CalendarDay) => ReactNode;
}) {
  const t = useTranslations("attendance.calendar");
  const format = useAttendanceFormat();
  const headingId = useId();
  if (!day) {
    return (
      <section className="calendar-details" aria-label={t("details")}>
        <p className="muted">{t("chooseDay")}</p>
      </section>
    );
  }
  const { date, record } = day;
  const beforeStart = !record && owner.startsOn !== undefined && date < owner.startsOn;
  const dash = <span className="muted">—</span>;
  return (
    <section className="calendar-details" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <span className="visually-hidden">{t("detailsOf")} </span>
        {format.longDate(date)}
      </h3>
      {record ? (
        <>
          <p className="calendar-details-status">
            <StatusBadge look={format.statusLook(record.status)} />
            {record.isRegularized && <span className="chip chip-corrected">✎ {t("correctedChip")}</span>}
          </p>
          <dl className="definition-list">
            <dt>{t("checkIn")}</dt>
            <dd>{record.checkInAt ? format.timeOn(record.checkInAt, date) : dash}</dd>
            <dt>{t("checkOut")}</dt>
            <dd>{record.checkOutAt ? format.timeOn(record.checkOutAt, date) : dash}</dd>
            <dt>{t("hoursWorkedLabel")}</dt>
            <dd>{format.hours(record.hoursWorked)}</dd>
            <dt>{t("lateEntry")}</dt>
            <dd>{format.minutes(record.lateEntry)}</dd>
            <dt>{t("earlyExit")}</dt>
            <dd>{format.minutes(record.earlyExit)}</dd>
            <dt>{t("overtime")}</dt>
            <dd>{format.minutes(Math.round(record.overtime * 60))}</dd>
          </dl>
          {record.isRegularized && <p className="calendar-details-note">{t("fromCorrection")}</p>}
        </>
      ) : beforeStart && owner.startsOn ? (
        <p className="muted">{t("beforeStart", { name: owner.name ?? "", date: format.longDate(owner.startsOn) })}</p>
      ) : (
        <p className="muted">{t("noRecord")}</p>
      )}
      {actions?.(day)}
    </section>
  );
}

/** The day a key moves the focus to (the APG grid pattern: arrows, Home/End in the week, Page Up/Down by month). */
function dayAfterKey(key: string, date: string): string | null {
  const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  switch (key) {
    case "ArrowLeft":
      return addDays(date, -1);
    case "ArrowRight":
      return addDays(date, 1);
    case "ArrowUp":
      return addDays(date, -7);
    case "ArrowDown":
      return addDays(date, 7);
    case "Home":
      return addDays(date, 1 - weekday);
    case "End":
      return addDays(date, 7 - weekday);
    case "PageUp":
    case "PageDown": {
      const month = shiftMonth(monthOf(date), key === "PageUp" ? -1 : 1);
      const { to } = monthRange(month);
      const day = `${month}-${date.slice(8)}`;
      return day > to ? to : day;
    }
    default:
      return null;
  }
}

/**
 * One employee's attendance as a month calendar: every day coloured by its status, a mark on corrected days, and the
 * chosen day's clock-in, clock-out and hours beside it. The days are a grid (WAI-ARIA APG): one day is in the Tab
 * order, the arrow keys move between days (and months), Home/End to the week's ends, Page Up/Down by month.
 * `load` reads one month (from and to are its first and last day); `dayActions` adds buttons under the chosen day.
 */
export function AttendanceCalendar({
  title,
  queryKey,
  load,
  owner = {},
  dayActions,
}: {
  title: string;
  queryKey: QueryKey;
  load: (range: { from: string; to: string; limit: number }) => Promise<AttendancePage>;
  owner?: CalendarOwner;
  dayActions?: (day: CalendarDay) => ReactNode;
}) {
  const t = useTranslations("attendance.calendar");
  const format = useAttendanceFormat();
  const failureText = useFailureText();
  const dayLabel = useDayLabel(format, owner);
  const headingId = useId();
  const [today] = useState(() => format.today());
  const [month, setMonth] = useState<Month>(() => monthOf(today));
  const [selected, setSelected] = useState<string>(today);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);
  const records = useQuery({
    queryKey: [...queryKey, month],
    queryFn: () => load({ ...monthRange(month), limit: MONTH_LIMIT }),
    placeholderData: keepPreviousData,
  });

  // After a key moved the selection, the focus follows it (also into another month once it renders).
  useEffect(() => {
    if (!moved.current) return;
    const cell = grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${selected}"]`);
    if (cell) {
      cell.focus();
      moved.current = false;
    }
  });

  if (records.isPending) return <SkeletonCard label={t("loading")} lines={8} />;
  const byDate = new Map(
    (records.isPlaceholderData ? [] : (records.data?.items ?? [])).map((record) => [record.date, record]),
  );
  const select = (date: string) => {
    setSelected(date);
    if (monthOf(date) !== month) setMonth(monthOf(date));
  };
  const goTo = (next: Month) => {
    setMonth(next);
    setSelected(next === monthOf(today) ? today : monthRange(next).from);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = dayAfterKey(event.key, selected);
    if (!next) return;
    event.preventDefault();
    moved.current = true;
    // Days to come hold nothing yet: the focus stops at today (ISO dates compare as strings).
    select(next.localeCompare(today) > 0 ? today : next);
  };
  const focusable = monthOf(selected) === month ? selected : null;
  const selectedDay = focusable ? { date: focusable, record: byDate.get(focusable), today } : null;

  return (
    <section className="card attendance-calendar" aria-labelledby={headingId}>
      <div className="calendar-header">
        <h2 id={headingId}>{title}</h2>
        <div className="calendar-nav">
          <button
            type="button"
            className="button button-small"
            aria-label={t("previousMonth")}
            onClick={() => goTo(shiftMonth(month, -1))}
          >
            ‹
          </button>
          <p className="calendar-month" aria-live="polite">
            {format.month(month)}
          </p>
          <button
            type="button"
            className="button button-small"
            aria-label={t("nextMonth")}
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
            {t("thisMonth")}
          </button>
        </div>
      </div>
      {records.isError ? (
        <LoadError message={failureText(formFailureOf(records.error))} onRetry={() => void records.refetch()} />
      ) : (
        <div className="calendar-layout">
          <table
            ref={grid}
            className="calendar"
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG grid pattern is a table with role grid; its day buttons take the focus
            role="grid"
            aria-labelledby={headingId}
            aria-describedby={`${headingId}-caption`}
            aria-busy={records.isFetching || undefined}
            onKeyDown={onKeyDown}
          >
            <caption id={`${headingId}-caption`} className="visually-hidden">
              {t("caption", { month: format.month(month) })}
            </caption>
            <thead>
              <tr>
                {ISO_WEEKDAYS.map((weekday) => (
                  <th key={weekday} scope="col" abbr={format.weekday(weekday, "long")}>
                    {format.weekday(weekday, "short")}
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
                        <DayButton
                          date={date}
                          today={today}
                          record={byDate.get(date)}
                          label={dayLabel(date, today, byDate.get(date))}
                          beforeStart={owner.startsOn !== undefined && date < owner.startsOn}
                          selected={date === focusable}
                          focusable={date === (focusable ?? monthRange(month).from)}
                          onSelect={select}
                        />
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <DayDetails day={selectedDay} owner={owner} actions={dayActions} />
        </div>
      )}
      <Legend />
    </section>
  );
}

function DayButton({
  date,
  today,
  record,
  label,
  beforeStart,
  selected,
  focusable,
  onSelect,
}: {
  date: string;
  today: string;
  record: AttendanceRecord | undefined;
  label: string;
  beforeStart: boolean;
  selected: boolean;
  focusable: boolean;
  onSelect: (date: string) => void;
}) {
  const t = useTranslations("attendance.calendar");
  const format = useAttendanceFormat();
  const future = date > today;
  const tone = record
    ? ATTENDANCE_LOOKS[record.status].tone
    : future
      ? "tone-future"
      : beforeStart
        ? "tone-before-start"
        : "tone-none";
  const classes = ["calendar-day", tone, date === today && "calendar-today"].filter(Boolean).join(" ");
  return (
    <button
      type="button"
      data-date={date}
      className={classes}
      aria-label={label}
      aria-pressed={selected}
      // Days to come stay visible but hold nothing: announced as unavailable, never in the Tab order.
      aria-disabled={future || undefined}
      tabIndex={focusable ? 0 : -1}
      onClick={() => {
        if (!future) onSelect(date);
      }}
    >
      <span className="calendar-day-number" aria-hidden="true">
        {Number(date.slice(8))}
      </span>
      {record && (
        <span className="calendar-day-status" aria-hidden="true">
          {format.status(record.status)}
        </span>
      )}
      {record && record.hoursWorked > 0 && (
        <span className="calendar-day-hours" aria-hidden="true">
          {format.hours(record.hoursWorked)}
        </span>
      )}
      {record?.isRegularized && (
        <span className="calendar-day-mark" aria-hidden="true" title={t("correctedTitle")}>
          ✎
        </span>
      )}
    </button>
  );
}
