/**
 * Wall-clock arithmetic in the club's time zone. Subscription terms are calendar months there:
 * a term that starts at 10:00 in Madrid ends at 10:00 in Madrid, across daylight-saving changes.
 */
type LocalTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const asUtc = (local: LocalTime) =>
  Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second, local.millisecond);

/** The zone's offset from UTC (ms) at the second `time` falls in, as the time zone database has it. */
function formattedOffset(time: number, timeZone: string): number {
  const second = Math.floor(time / 1000) * 1000;
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(second))
      .map((part) => [part.type, Number(part.value)]),
  );
  const { year = 0, month = 0, day = 0, hour = 0, minute = 0, second: seconds = 0 } = parts;
  return asUtc({ year, month, day, hour, minute, second: seconds, millisecond: 0 }) - second;
}

const HOUR = 3_600_000;
const hourOffsets = new Map<string, number>();

/**
 * The zone's offset at `time`. An offset changes at most once in an hour, on a whole second, so an hour whose first
 * and last seconds have the same offset has it throughout: that hour's offset is kept, and a job placing 10,000 terms
 * in the club's calendar asks the formatter (~10 µs a call) twice per hour they fall in, not once per term.
 */
function offsetAt(time: number, timeZone: string): number {
  const hourStart = Math.floor(time / HOUR) * HOUR;
  const key = `${timeZone} ${hourStart}`;
  const kept = hourOffsets.get(key);
  if (kept !== undefined) return kept;
  const offset = formattedOffset(hourStart, timeZone);
  // The hour the clocks change in is read second by second.
  if (offset !== formattedOffset(hourStart + HOUR - 1000, timeZone)) return formattedOffset(time, timeZone);
  if (hourOffsets.size >= 10_000) hourOffsets.clear();
  hourOffsets.set(key, offset);
  return offset;
}

export function localTime(instant: Date, timeZone: string): LocalTime {
  const local = new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    millisecond: local.getUTCMilliseconds(),
  };
}

/** The instant whose wall-clock time in `timeZone` is `local`; a time skipped by a DST jump moves forward by the jump. */
export function instantOf(local: LocalTime, timeZone: string): Date {
  const wanted = asUtc(local);
  let guess = wanted;
  // Two corrections settle the offset, including on the days it changes.
  for (let i = 0; i < 2; i += 1) guess = wanted - (asUtc(localTime(new Date(guess), timeZone)) - guess);
  return new Date(guess);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Calendar months later at the same wall-clock time; the day is clamped to the month's last (Jan 31 + 1 → Feb 28/29). */
export function addMonths(start: Date, months: number, timeZone: string): Date {
  const local = localTime(start, timeZone);
  const monthIndex = local.year * 12 + (local.month - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  return instantOf({ ...local, year, month, day: Math.min(local.day, daysInMonth(year, month)) }, timeZone);
}

/** The calendar date (YYYY-MM-DD) of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  const { year, month, day } = localTime(instant, timeZone);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * `instant` as its wall-clock time in `timeZone` with that zone's offset then, to the second: "2026-12-01T10:20:30+01:00"
 * (ISO 8601; what the AEAT's records call FechaHoraHuso).
 */
export function localTimestamp(instant: Date, timeZone: string): string {
  const local = { ...localTime(instant, timeZone), millisecond: 0 };
  const offsetMinutes = Math.round((asUtc(local) - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const magnitude = Math.abs(offsetMinutes);
  const two = (value: number) => String(value).padStart(2, "0");
  const offset = `${sign}${two(Math.floor(magnitude / 60))}:${two(magnitude % 60)}`;
  return `${localDate(instant, timeZone)}T${two(local.hour)}:${two(local.minute)}:${two(local.second)}${offset}`;
}

/** Whole calendar days from `from`'s date to `to`'s date in `timeZone` (negative when `to` is earlier). */
export function calendarDaysBetween(from: Date, to: Date, timeZone: string): number {
  const day = (instant: Date) => Date.parse(`${localDate(instant, timeZone)}T00:00:00Z`) / 86_400_000;
  return day(to) - day(from);
}
