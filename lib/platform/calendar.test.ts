import { describe, expect, it } from "vitest";
import { addMonths, calendarDaysBetween, instantOf, localDate, localTimestamp } from "./calendar";

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
