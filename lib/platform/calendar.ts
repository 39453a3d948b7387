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

export function localTime(instant: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: instant.getUTCMilliseconds(),
  };
}

const asUtc = (local: LocalTime) =>
  Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second, local.millisecond);

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
