import { describe, expect, it } from "vitest";
import { attendanceStatus } from "@/lib/platform/db/schema/attendance";
import { ATTENDANCE_STATUSES, classifyDay, type DayClassification, type DayInput, type ShiftType } from "./classify";

const FRIDAY = "2026-11-20";
const SATURDAY = "2026-11-21";
const at = (iso: string) => new Date(iso);

/** An employee with Saturday and Sunday off and no holidays, on a Friday with no events. */
const day = (input: Partial<DayInput> = {}): DayInput => ({
  date: FRIDAY,
  weeklyOffDays: [6, 7],
  holidays: new Set(),
  checkIn: null,
  checkOut: null,
  ...input,
});

const ZERO = { hoursWorked: "0.00", lateEntryMinutes: 0, earlyExitMinutes: 0, overtimeHours: "0.00" };
const NINE_TO_FIVE: ShiftType = {
  shiftStart: "09:00",
  shiftEnd: "17:00",
  lateEntryToleranceMinutes: 10,
  earlyExitToleranceMinutes: 5,
  overtimeAfterMinutes: 30,
};

describe("classifyDay: statuses in priority order (spec 3.3)", () => {
  const worked = { checkIn: at("2026-11-20T08:00:00Z"), checkOut: at("2026-11-20T16:30:00Z") };
  const cases: Array<[string, Partial<DayInput>, Partial<DayClassification>]> = [
    [
      "a weekly off day is Weekend, even with a holiday and events",
      {
        date: SATURDAY,
        holidays: new Set([SATURDAY]),
        checkIn: at("2026-11-21T08:00:00Z"),
        checkOut: at("2026-11-21T12:00:00Z"),
      },
      { status: "Weekend", checkInAt: null, checkOutAt: null, ...ZERO },
    ],
    [
      "a holiday is Holiday, even with events",
      { holidays: new Set([FRIDAY]), ...worked },
      { status: "Holiday", checkInAt: null, checkOutAt: null, ...ZERO },
    ],
    [
      "an in and an out is Present with the hours between",
      worked,
      { status: "Present", checkInAt: worked.checkIn, checkOutAt: worked.checkOut, ...ZERO, hoursWorked: "8.50" },
    ],
    [
      "only an in is Incomplete, keeping the check-in",
      { checkIn: worked.checkIn },
      { status: "Incomplete", checkInAt: worked.checkIn, checkOutAt: null, ...ZERO },
    ],
    ["no events is Absent", {}, { status: "Absent", checkInAt: null, checkOutAt: null, ...ZERO }],
    [
      "an out with no in is Absent (an out only counts when it closes an in of the day)",
      { checkOut: worked.checkOut },
      { status: "Absent", checkInAt: null, checkOutAt: null, ...ZERO },
    ],
    [
      "an out before the in is Incomplete, never negative hours",
      { checkIn: worked.checkOut, checkOut: worked.checkIn },
      { status: "Incomplete", checkInAt: worked.checkOut, checkOutAt: null, ...ZERO },
    ],
    [
      "an out at the very instant of the in is Present with 0 hours",
      { checkIn: worked.checkIn, checkOut: worked.checkIn },
      { status: "Present", hoursWorked: "0.00" },
    ],
    ["Sunday is ISO weekday 7", { date: "2026-11-22", weeklyOffDays: [7] }, { status: "Weekend" }],
    ["Monday is ISO weekday 1", { date: "2026-11-23", weeklyOffDays: [1] }, { status: "Weekend" }],
    [
      "without a holiday list there are no off days and no holidays",
      {
        date: SATURDAY,
        weeklyOffDays: [],
        holidays: new Set(),
        checkIn: at("2026-11-21T08:00:00Z"),
        checkOut: at("2026-11-21T10:00:00Z"),
      },
      { status: "Present", hoursWorked: "2.00" },
    ],
    [
      "a holiday on another date does not count",
      { holidays: new Set(["2026-11-19"]), ...worked },
      { status: "Present" },
    ],
    [
      "shift metrics are 0 on Weekend",
      {
        date: SATURDAY,
        shiftType: NINE_TO_FIVE,
        checkIn: at("2026-11-21T12:00:00Z"),
        checkOut: at("2026-11-21T13:00:00Z"),
      },
      { status: "Weekend", ...ZERO },
    ],
    [
      "shift metrics are 0 on Holiday",
      {
        holidays: new Set([FRIDAY]),
        shiftType: NINE_TO_FIVE,
        checkIn: at("2026-11-20T12:00:00Z"),
        checkOut: at("2026-11-20T20:00:00Z"),
      },
      { status: "Holiday", ...ZERO },
    ],
    [
      "shift metrics are 0 when Incomplete, even when late",
      { shiftType: NINE_TO_FIVE, checkIn: at("2026-11-20T12:00:00Z") },
      { status: "Incomplete", ...ZERO },
    ],
    ["shift metrics are 0 when Absent", { shiftType: NINE_TO_FIVE }, { status: "Absent", ...ZERO }],
  ];
  it.each(cases)("%s", (_name, input, expected) => {
    expect(classifyDay(day(input))).toMatchObject({ date: input.date ?? FRIDAY, ...expected });
  });

  it("never produces OnLeave (reserved, spec 3.3 step 3), whatever the input", () => {
    const instants = [null, at("2026-11-20T08:00:00Z"), at("2026-11-20T17:00:00Z")];
    const statuses = new Set<string>();
    for (const date of [FRIDAY, SATURDAY])
      for (const holidays of [new Set<string>(), new Set([FRIDAY, SATURDAY])])
        for (const checkIn of instants)
          for (const checkOut of instants)
            for (const shiftType of [null, NINE_TO_FIVE])
              statuses.add(classifyDay(day({ date, holidays, checkIn, checkOut, shiftType })).status);
    expect([...statuses].sort()).toEqual(["Absent", "Holiday", "Incomplete", "Present", "Weekend"]);
  });

  it("names the statuses exactly as the database enum does", () => {
    expect(ATTENDANCE_STATUSES).toEqual(attendanceStatus.enumValues);
  });
});

describe("classifyDay: HoursWorked = checkOut − checkIn, 2 places, half up, exact", () => {
  const cases: Array<[string, string, string]> = [
    ["17,999 ms (0.0049997 h) rounds down", "2026-11-20T08:00:17.999Z", "0.00"],
    ["18,000 ms (exactly 0.005 h) rounds up", "2026-11-20T08:00:18.000Z", "0.01"],
    ["1.005 h exactly is 1.01 (a float would say 1.00)", "2026-11-20T09:00:18.000Z", "1.01"],
    ["8 h 45 min", "2026-11-20T16:45:00Z", "8.75"],
    ["20 min is 0.33", "2026-11-20T08:20:00Z", "0.33"],
    ["40 min is 0.67", "2026-11-20T08:40:00Z", "0.67"],
    ["an out days later counts every hour", "2026-11-25T08:00:00Z", "120.00"],
  ];
  it.each(cases)("%s", (_name, checkOut, hours) => {
    expect(classifyDay(day({ checkIn: at("2026-11-20T08:00:00Z"), checkOut: at(checkOut) })).hoursWorked).toBe(hours);
  });

  it("counts elapsed time on the 23-hour day of the spring DST change (00:30 CET → 10:30 CEST is 9 h)", () => {
    const result = classifyDay(
      day({
        date: "2026-03-29",
        weeklyOffDays: [],
        checkIn: at("2026-03-28T23:30:00Z"),
        checkOut: at("2026-03-29T08:30:00Z"),
      }),
    );
    expect(result).toMatchObject({ status: "Present", hoursWorked: "9.00" });
  });

  it("counts elapsed time on the 25-hour day of the autumn DST change (00:30 CEST → 10:30 CET is 11 h)", () => {
    const result = classifyDay(
      day({
        date: "2026-10-25",
        weeklyOffDays: [],
        checkIn: at("2026-10-24T22:30:00Z"),
        checkOut: at("2026-10-25T09:30:00Z"),
      }),
    );
    expect(result).toMatchObject({ status: "Present", hoursWorked: "11.00" });
  });
});

describe("classifyDay: shift metrics (spec 3.3, in UTC on the record date)", () => {
  const present = (checkIn: string, checkOut: string, shiftType: ShiftType | null = NINE_TO_FIVE, date = FRIDAY) =>
    classifyDay(day({ date, shiftType, checkIn: at(checkIn), checkOut: at(checkOut) }));

  it("with no shift type, LateEntry, EarlyExit and Overtime are 0 however late, early or long", () => {
    expect(present("2026-11-20T12:00:00Z", "2026-11-20T23:00:00Z", null)).toMatchObject({
      hoursWorked: "11.00",
      lateEntryMinutes: 0,
      earlyExitMinutes: 0,
      overtimeHours: "0.00",
    });
  });

  const lateCases: Array<[string, string, number]> = [
    ["on time", "2026-11-20T09:00:00Z", 0],
    ["exactly at the tolerance", "2026-11-20T09:10:00Z", 0],
    ["59.999 s past the tolerance (partial minutes do not count)", "2026-11-20T09:10:59.999Z", 0],
    ["1 min past the tolerance", "2026-11-20T09:11:00Z", 1],
    ["30 min 30 s past the tolerance", "2026-11-20T09:40:30Z", 30],
    ["early", "2026-11-20T08:30:00Z", 0],
  ];
  it.each(lateCases)("LateEntry: %s", (_name, checkIn, minutes) => {
    expect(present(checkIn, "2026-11-20T17:00:00Z").lateEntryMinutes).toBe(minutes);
  });

  const earlyCases: Array<[string, string, number]> = [
    ["at the shift end", "2026-11-20T17:00:00Z", 0],
    ["exactly at the tolerance", "2026-11-20T16:55:00Z", 0],
    ["59.999 s before the tolerance", "2026-11-20T16:54:00.001Z", 0],
    ["1 min before the tolerance", "2026-11-20T16:54:00Z", 1],
    ["2 h 5 min early", "2026-11-20T14:55:00Z", 120],
  ];
  it.each(earlyCases)("EarlyExit: %s", (_name, checkOut, minutes) => {
    expect(present("2026-11-20T09:00:00Z", checkOut).earlyExitMinutes).toBe(minutes);
  });

  const overtimeCases: Array<[string, string, string]> = [
    ["at the shift end", "2026-11-20T17:00:00Z", "0.00"],
    ["exactly at overtimeAfter", "2026-11-20T17:30:00Z", "0.00"],
    ["17.999 s past overtimeAfter", "2026-11-20T17:30:17.999Z", "0.00"],
    ["18 s (0.005 h) past overtimeAfter, half up", "2026-11-20T17:30:18Z", "0.01"],
    ["1 h 30 min past the shift end", "2026-11-20T18:30:00Z", "1.00"],
  ];
  it.each(overtimeCases)("Overtime: %s", (_name, checkOut, hours) => {
    expect(present("2026-11-20T09:00:00Z", checkOut).overtimeHours).toBe(hours);
  });

  it("accepts HH:MM:SS (what PostgreSQL's time column answers) like HH:MM", () => {
    const withSeconds = { ...NINE_TO_FIVE, shiftStart: "09:00:30", shiftEnd: "17:00:00" };
    expect(present("2026-11-20T09:11:30Z", "2026-11-20T17:00:00Z", withSeconds).lateEntryMinutes).toBe(1);
    expect(present("2026-11-20T09:11:29Z", "2026-11-20T17:00:00Z", withSeconds).lateEntryMinutes).toBe(0);
  });

  it("compares in UTC, not in the club's zone: 09:00 UTC is on time for a 09:00 shift in Madrid summer (11:00 local)", () => {
    expect(present("2026-07-15T09:00:00Z", "2026-07-15T17:00:00Z", NINE_TO_FIVE, "2026-07-15")).toMatchObject({
      lateEntryMinutes: 0,
      earlyExitMinutes: 0,
      overtimeHours: "0.00",
    });
  });

  it("ends an overnight shift (end ≤ start) on the next day", () => {
    const night: ShiftType = {
      shiftStart: "22:00",
      shiftEnd: "06:00",
      lateEntryToleranceMinutes: 0,
      earlyExitToleranceMinutes: 0,
      overtimeAfterMinutes: 0,
    };
    expect(present("2026-11-20T22:05:00Z", "2026-11-21T06:10:00Z", night)).toMatchObject({
      status: "Present",
      hoursWorked: "8.08",
      lateEntryMinutes: 5,
      earlyExitMinutes: 0,
      overtimeHours: "0.17",
    });
    expect(present("2026-11-20T22:00:00Z", "2026-11-21T05:00:00Z", night).earlyExitMinutes).toBe(60);
    const untilMidnight = { ...night, shiftStart: "16:00", shiftEnd: "00:00" };
    expect(present("2026-11-20T16:00:00Z", "2026-11-20T23:00:00Z", untilMidnight).earlyExitMinutes).toBe(60);
  });

  it("refuses malformed shift times", () => {
    expect(() =>
      present("2026-11-20T09:00:00Z", "2026-11-20T17:00:00Z", { ...NINE_TO_FIVE, shiftStart: "9am" }),
    ).toThrow(RangeError);
    expect(() =>
      present("2026-11-20T09:00:00Z", "2026-11-20T17:00:00Z", { ...NINE_TO_FIVE, shiftEnd: "17:60" }),
    ).toThrow(RangeError);
  });
});

describe("classifyDay: calendar", () => {
  it("knows 29 February 2028 (a Tuesday) as a weekday, a holiday and a working day", () => {
    const leap = "2028-02-29";
    const worked = { date: leap, checkIn: at("2028-02-29T08:00:00Z"), checkOut: at("2028-02-29T16:00:00Z") };
    expect(classifyDay(day({ ...worked, weeklyOffDays: [2] })).status).toBe("Weekend");
    expect(classifyDay(day({ ...worked, holidays: new Set([leap]) })).status).toBe("Holiday");
    expect(classifyDay(day(worked))).toMatchObject({ date: leap, status: "Present", hoursWorked: "8.00" });
  });

  it("knows the DST Sundays as Sundays", () => {
    expect(classifyDay(day({ date: "2026-03-29", weeklyOffDays: [7] })).status).toBe("Weekend");
    expect(classifyDay(day({ date: "2026-10-25", weeklyOffDays: [7] })).status).toBe("Weekend");
  });

  it("refuses dates that do not exist", () => {
    expect(() => classifyDay(day({ date: "2027-02-29" }))).toThrow(RangeError);
    expect(() => classifyDay(day({ date: "2026-13-01" }))).toThrow(RangeError);
    expect(() => classifyDay(day({ date: "20261120" }))).toThrow(RangeError);
  });
});
