import type { AttendanceStatus, RequestStatus } from "@/console/club-api";
import { instantOf, localDate, localTime } from "@/lib/platform/calendar";

/**
 * Attendance days as the console computes them: the club's calendar days, times read and written in the club's time
 * zone whatever the browser's. Their words and formats are in `use-attendance-format.ts`.
 */

/** The badge of each day status and the `tone-…` class that colours it in the calendar; its words are in messages. */
export const ATTENDANCE_LOOKS: Readonly<Record<AttendanceStatus, { badge: string; tone: string }>> = {
  Present: { badge: "badge-active", tone: "tone-present" },
  Incomplete: { badge: "badge-pending", tone: "tone-incomplete" },
  Absent: { badge: "badge-blocked", tone: "tone-absent" },
  Weekend: { badge: "badge-inactive", tone: "tone-weekend" },
  Holiday: { badge: "badge-holiday", tone: "tone-holiday" },
  OnLeave: { badge: "badge-leave", tone: "tone-leave" },
};

/** In the legend's order: what needs attention first, then the days nobody works. */
export const ATTENDANCE_STATUS_ORDER = [
  "Present",
  "Incomplete",
  "Absent",
  "Weekend",
  "Holiday",
  "OnLeave",
] as const satisfies readonly AttendanceStatus[];

/** Correction requests; the API writes the statuses as the spec does (`Open`, `approved`, `rejected`). */
export const REQUEST_STATUS_VALUES = ["Open", "approved", "rejected"] as const satisfies readonly RequestStatus[];
export const REQUEST_BADGES: Readonly<Record<RequestStatus, string>> = {
  Open: "badge-pending",
  approved: "badge-active",
  rejected: "badge-blocked",
};

/** ISO weekdays, 1 = Monday … 7 = Sunday, as holiday lists store them. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const DAY_MS = 86_400_000;
const utcOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Today's date (YYYY-MM-DD) in the club's time zone. */
export const clubToday = (timeZone: string, now: Date = new Date()) => localDate(now, timeZone);

/** A calendar date moved by whole days (no time zone is involved in calendar dates). */
export const addDays = (date: string, days: number) => new Date(utcOf(date) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((utcOf(to) - utcOf(from)) / DAY_MS);

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export const isoWeekday = (date: string) => ((new Date(utcOf(date)).getUTCDay() + 6) % 7) + 1;

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

/** A running time as a stopwatch shows it: 1:02:03. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const two = (value: number) => String(value).padStart(2, "0");
  return `${Math.floor(seconds / 3600)}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

/** A month as YYYY-MM. */
export type Month = string;
export const monthOf = (date: string): Month => date.slice(0, 7);

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
