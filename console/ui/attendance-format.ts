import type { AttendanceStatus, CheckinSource, RequestStatus } from "@/console/club-api";
import type { StatusLook } from "@/console/format";
import { instantOf, localDate, localTime } from "@/lib/platform/calendar";

/**
 * Attendance as the console shows it. Attendance days are the club's calendar days: times are read and
 * written in the club's time zone (its stored setting, handed down by the pages), whatever the browser's zone.
 */

/** How a day's status reads, its badge, and the `tone-…` class that colours it in the calendar. */
export type AttendanceLook = StatusLook & { tone: string };

/** In the legend's order: what needs attention first, then the days nobody works. */
export const ATTENDANCE_STATUS_ORDER = [
  "Present",
  "Incomplete",
  "Absent",
  "Weekend",
  "Holiday",
  "OnLeave",
] as const satisfies readonly AttendanceStatus[];

export const ATTENDANCE_STATUSES: Readonly<Record<AttendanceStatus, AttendanceLook>> = {
  Present: { label: "Present", badge: "badge-active", tone: "tone-present" },
  Incomplete: { label: "Incomplete", badge: "badge-pending", tone: "tone-incomplete" },
  Absent: { label: "Absent", badge: "badge-blocked", tone: "tone-absent" },
  Weekend: { label: "Weekend", badge: "badge-inactive", tone: "tone-weekend" },
  Holiday: { label: "Holiday", badge: "badge-holiday", tone: "tone-holiday" },
  OnLeave: { label: "On leave", badge: "badge-leave", tone: "tone-leave" },
};

/** Correction requests; the API writes the statuses as the spec does (`Open`, `approved`, `rejected`). */
export const REQUEST_STATUS_VALUES = ["Open", "approved", "rejected"] as const satisfies readonly RequestStatus[];
export const REQUEST_STATUSES: Readonly<Record<RequestStatus, StatusLook>> = {
  Open: { label: "Open", badge: "badge-pending" },
  approved: { label: "Approved", badge: "badge-active" },
  rejected: { label: "Rejected", badge: "badge-blocked" },
};

export const CHECKIN_SOURCE_LABELS: Readonly<Record<CheckinSource, string>> = {
  MobileApp: "Mobile app",
  BiometricTerminal: "Biometric terminal",
  Manual: "Manual",
};

/** ISO weekdays, 1 = Monday … 7 = Sunday, as holiday lists store them. */
export const WEEKDAYS = [
  { value: 1, short: "Mon", label: "Monday" },
  { value: 2, short: "Tue", label: "Tuesday" },
  { value: 3, short: "Wed", label: "Wednesday" },
  { value: 4, short: "Thu", label: "Thursday" },
  { value: 5, short: "Fri", label: "Friday" },
  { value: 6, short: "Sat", label: "Saturday" },
  { value: 7, short: "Sun", label: "Sunday" },
] as const;

const DAY_MS = 86_400_000;
const utcOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Today's date (YYYY-MM-DD) in the club's time zone. */
export const clubToday = (timeZone: string, now: Date = new Date()) => localDate(now, timeZone);

/** A calendar date moved by whole days (no time zone is involved in calendar dates). */
export const addDays = (date: string, days: number) => new Date(utcOf(date) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((utcOf(to) - utcOf(from)) / DAY_MS);

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
const isoWeekday = (date: string) => ((new Date(utcOf(date)).getUTCDay() + 6) % 7) + 1;

/** The instant (ISO, UTC) when the club's clocks show `time` (HH:MM) on `date`. */
export function clubInstant(date: string, time: string, timeZone: string): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  return instantOf({ year, month, day, hour, minute, second: 0, millisecond: 0 }, timeZone).toISOString();
}

/** The club's wall-clock time (HH:MM, 24-hour) of an instant, as a time input takes it. */
export function clubClockTime(iso: string, timeZone: string): string {
  const { hour, minute } = localTime(new Date(iso), timeZone);
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant's time of day on the club's clocks, in the reader's locale ("9:05 AM", "09:05"). */
export function formatClubTime(iso: string, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, { timeStyle: "short", timeZone });
    timeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** An instant's time on the club's clocks, saying when it falls on another day than `day`. */
export function formatClubTimeOn(iso: string, day: string, timeZone: string): string {
  const time = formatClubTime(iso, timeZone);
  const offset = daysBetween(day, localDate(new Date(iso), timeZone));
  if (offset === 0) return time;
  if (offset === 1) return `${time} (next day)`;
  return `${time} (${formatLongDate(localDate(new Date(iso), timeZone))})`;
}

/** Decimal hours (8.5) in words: "8 h 30 min", "45 min". */
export function formatHours(hours: number): string {
  const minutes = Math.round(hours * 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0
    ? `${Math.floor(minutes / 60)} h`
    : `${Math.floor(minutes / 60)} h ${String(rest).padStart(2, "0")} min`;
}

export const formatMinutes = (minutes: number) => (minutes === 0 ? "None" : formatHours(minutes / 60));

/** A running time as a stopwatch shows it: 1:02:03. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const two = (value: number) => String(value).padStart(2, "0");
  return `${Math.floor(seconds / 3600)}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

const longDate = new Intl.DateTimeFormat(undefined, {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const shortDate = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const monthName = new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric", timeZone: "UTC" });

/** "Tuesday, 3 June 2026" for a calendar date, whatever the browser's time zone. */
export const formatLongDate = (date: string) => longDate.format(new Date(utcOf(date)));

/** "Mon, Nov 23, 2026", for tables. */
export const formatShortDate = (date: string) => shortDate.format(new Date(utcOf(date)));

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string, withYear: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withYear}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, {
      month: "short",
      day: "numeric",
      year: withYear ? "numeric" : undefined,
      hour: "numeric",
      minute: "2-digit",
      timeZone,
    });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** An instant's date and time on the club's clocks, the year only when it is not this one ("Nov 23, 2:01 PM"). */
export function formatClubDateTime(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  const thisYear = localDate(instant, timeZone).slice(0, 4) === clubToday(timeZone).slice(0, 4);
  return dateTimeFormat(timeZone, !thisYear).format(instant);
}

/** A month as YYYY-MM. */
export type Month = string;
export const monthOf = (date: string): Month => date.slice(0, 7);
export const formatMonth = (month: Month) => monthName.format(new Date(utcOf(`${month}-01`)));

export function shiftMonth(month: Month, months: number): Month {
  const [year = 1970, number = 1] = month.split("-").map(Number);
  const index = year * 12 + (number - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The first and last day of a month, for `from` and `to`. */
export function monthRange(month: Month): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: addDays(`${shiftMonth(month, 1)}-01`, -1) };
}

/** The month as weeks from Monday to Sunday; null pads the days of the neighbouring months. */
export function monthWeeks(month: Month): (string | null)[][] {
  const { from, to } = monthRange(month);
  const cells: (string | null)[] = Array.from({ length: isoWeekday(from) - 1 }, () => null);
  for (let date = from; date <= to; date = addDays(date, 1)) cells.push(date);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}
