import { describe, expect, it } from "vitest";
import { addMonths, calendarDaysBetween, instantOf, localDate, localTime, localTimestamp } from "./calendar";

const MADRID = "Europe/Madrid";
const at = (iso: string) => new Date(iso);

describe("addMonths in Europe/Madrid", () => {
  it.each([
    ["2026-01-31T09:00:00Z", 1, "2026-02-28T09:00:00.000Z"],
    ["2028-01-31T09:00:00Z", 1, "2028-02-29T09:00:00.000Z"],
    ["2028-02-29T09:00:00Z", 12, "2029-02-28T09:00:00.000Z"],
    ["2026-11-30T09:00:00Z", 3, "2027-02-28T09:00:00.000Z"],
    ["2026-08-31T08:00:00Z", 1, "2026-09-30T08:00:00.000Z"],
    ["2026-12-15T09:00:00Z", 1, "2027-01-15T09:00:00.000Z"],
  ])("%s + %i month(s) = %s (clamped to the month's last day)", (start, months, expected) => {
    expect(addMonths(at(start), months, MADRID).toISOString()).toBe(expected);
  });

  it("keeps the wall-clock time across the spring DST change (10:00 CET → 10:00 CEST)", () => {
    // 2026-03-10 10:00 CET is 09:00Z; 2026-04-10 10:00 CEST is 08:00Z.
    expect(addMonths(at("2026-03-10T09:00:00Z"), 1, MADRID).toISOString()).toBe("2026-04-10T08:00:00.000Z");
  });

  it("keeps the wall-clock time across the autumn DST change", () => {
    expect(addMonths(at("2026-10-10T08:00:00Z"), 1, MADRID).toISOString()).toBe("2026-11-10T09:00:00.000Z");
  });

  it("a local midnight start stays at local midnight", () => {
    const start = instantOf({ year: 2026, month: 1, day: 31, hour: 0, minute: 0, second: 0, millisecond: 0 }, MADRID);
    expect(start.toISOString()).toBe("2026-01-30T23:00:00.000Z");
    expect(localDate(addMonths(start, 1, MADRID), MADRID)).toBe("2026-02-28");
  });

  it("moves a time skipped by the spring jump forward by the jump", () => {
    // 2026-03-29 02:30 does not exist in Madrid (clocks go 02:00 → 03:00).
    const skipped = instantOf(
      { year: 2026, month: 3, day: 29, hour: 2, minute: 30, second: 0, millisecond: 0 },
      MADRID,
    );
    expect(skipped.toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });
});

describe("calendar days", () => {
  it("counts local dates, not 24-hour blocks", () => {
    // 23:30 and 00:30 the next day in Madrid are one calendar day apart though only an hour passes.
    expect(calendarDaysBetween(at("2026-06-01T21:30:00Z"), at("2026-06-01T22:30:00Z"), MADRID)).toBe(1);
    expect(calendarDaysBetween(at("2028-02-01T12:00:00Z"), at("2028-03-01T12:00:00Z"), MADRID)).toBe(29);
  });
});

describe("localTimestamp", () => {
  it.each([
    ["2024-01-01T18:20:30Z", MADRID, "2024-01-01T19:20:30+01:00"],
    ["2026-07-15T08:00:00.999Z", MADRID, "2026-07-15T10:00:00+02:00"],
    // The last second of winter time and the first of summer time (29 March 2026, 02:00 CET → 03:00 CEST).
    ["2026-03-29T00:59:59Z", MADRID, "2026-03-29T01:59:59+01:00"],
    ["2026-03-29T01:00:00Z", MADRID, "2026-03-29T03:00:00+02:00"],
    // 23:30 UTC on New Year's Eve is already the new year in Madrid.
    ["2026-12-31T23:30:00Z", MADRID, "2027-01-01T00:30:00+01:00"],
    ["2026-12-31T23:30:00Z", "Atlantic/Canary", "2026-12-31T23:30:00+00:00"],
    ["2026-06-01T12:00:00Z", "America/St_Johns", "2026-06-01T09:30:00-02:30"],
  ])("%s in %s is %s", (instant, timeZone, expected) => {
    expect(localTimestamp(at(instant), timeZone)).toBe(expected);
  });
});

describe("localTime", () => {
  // What the time zone database says, asked for each instant (localTime keeps an hour's offset instead).
  // Swedish dates read as ISO 8601: "2026-03-29 03:00:00".
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const wallClock = (instant: Date, timeZone: string) => {
    const formatter =
      formatters.get(timeZone) ??
      new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "medium" });
    formatters.set(timeZone, formatter);
    const [year, month, day, hour, minute, second] = (formatter.format(instant).match(/\d+/g) ?? []).map(Number);
    return { year, month, day, hour, minute, second, millisecond: instant.getUTCMilliseconds() };
  };
  const disagreements = (timeZone: string, from: number, to: number, step: number) => {
    const found: string[] = [];
    for (let time = from; time < to; time += step) {
      const instant = new Date(time);
      const [ours, database] = [localTime(instant, timeZone), wallClock(instant, timeZone)];
      if (JSON.stringify(ours) !== JSON.stringify(database))
        found.push(`${instant.toISOString()}: ${JSON.stringify(ours)} ≠ ${JSON.stringify(database)}`);
    }
    return found;
  };

  it.each([
    // Madrid's spring and autumn changes, second by second through the hour each falls in (and the hours around it).
    [MADRID, "2026-03-29T00:00:00Z", 1000],
    [MADRID, "2026-10-25T00:00:00Z", 1000],
    // A half-hour change (Lord Howe Island), a zone a quarter-hour off UTC, and Madrid's solar time (-0:14:44) to 1901.
    ["Australia/Lord_Howe", "2026-10-03T15:00:00Z", 1000],
    ["Australia/Lord_Howe", "2026-04-04T14:00:00Z", 1000],
    ["Asia/Kathmandu", "2026-06-01T17:00:00Z", 997],
    [MADRID, "1900-12-31T23:00:00Z", 1000],
  ])("in %s from %s, stepping %i ms for three hours, agrees with the time zone database", (timeZone, from, step) => {
    const start = Date.parse(from);
    expect(disagreements(timeZone, start, start + 3 * 3_600_000, step)).toEqual([]);
  });

  it("agrees with the time zone database every 7 minutes across 2028, a leap year, in Madrid", () => {
    const from = Date.parse("2028-01-01T00:00:00.123Z");
    expect(disagreements(MADRID, from, from + 366 * 86_400_000, 7 * 60_000)).toEqual([]);
  });
});
