/**
 * The attendance rules of spec 3.3 as a pure function: one employee, one day, no I/O. The nightly job does the same
 * work in one SQL statement (`daily-classification.ts`); tests hold the two to the same answers, and the approval of
 * a correction request calls this function directly. The decisions are in docs/api.md, "Attendance classification".
 */

export const ATTENDANCE_STATUSES = ["Weekend", "Holiday", "OnLeave", "Present", "Incomplete", "Absent"] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export type ShiftType = {
  shiftStart: string;
  shiftEnd: string;
  lateEntryToleranceMinutes: number;
  earlyExitToleranceMinutes: number;
  overtimeAfterMinutes: number;
};

export type DayInput = {
  /** YYYY-MM-DD, the attendance day. */
  date: string;
  /** ISO weekdays 1..7 (1 = Monday). */
  weeklyOffDays: readonly number[];
  /** YYYY-MM-DD dates of the holiday list. */
  holidays: ReadonlySet<string>;
  /** First in of the day. */
  checkIn: Date | null;
  /** Last out closing an in of the day. */
  checkOut: Date | null;
  /** The job always passes none (spec 2.8). */
  shiftType?: ShiftType | null;
};

export type DayClassification = {
  date: string;
  status: AttendanceStatus;
  checkInAt: Date | null;
  checkOutAt: Date | null;
  /** Decimal hours, 2 places, e.g. "8.50". */
  hoursWorked: string;
  lateEntryMinutes: number;
  earlyExitMinutes: number;
  /** Decimal hours, 2 places. */
  overtimeHours: string;
};

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export function classifyDay(input: DayInput): DayClassification {
  const { date, checkIn, checkOut } = input;
  const dayStartUtc = parseDateUtc(date);
  const none = { date, checkInAt: null, checkOutAt: null, ...ZERO_METRICS };

  if (input.weeklyOffDays.includes(isoWeekday(dayStartUtc))) return { ...none, status: "Weekend" };
  if (input.holidays.has(date)) return { ...none, status: "Holiday" };
  // OnLeave is reserved for approved leave, which is inactive (spec 3.3 step 3): it falls through.

  // An out only counts when it closes an in of the day, so without an in there is nothing to pair it with.
  if (!checkIn) return { ...none, status: "Absent" };
  // An out earlier than its in cannot come from the clock; rather than a negative duration, the day waits for a
  // correction like any other unpaired in.
  if (!checkOut || checkOut.getTime() < checkIn.getTime()) {
    return { ...none, status: "Incomplete", checkInAt: checkIn };
  }

  const inMs = checkIn.getTime();
  const outMs = checkOut.getTime();
  const present: DayClassification = {
    ...none,
    status: "Present",
    checkInAt: checkIn,
    checkOutAt: checkOut,
    hoursWorked: hoursOf(outMs - inMs),
  };
  const shift = input.shiftType;
  if (!shift) return present;

  // Spec 3.3: comparisons in UTC, with the shift times applied on the record date; a shift that ends at or before
  // its start ends on the next day.
  const startMs = dayStartUtc + timeOfDayMs(shift.shiftStart);
  let endMs = dayStartUtc + timeOfDayMs(shift.shiftEnd);
  if (endMs <= startMs) endMs += DAY_MS;

  return {
    ...present,
    lateEntryMinutes: wholeMinutes(inMs - (startMs + shift.lateEntryToleranceMinutes * MINUTE_MS)),
    earlyExitMinutes: wholeMinutes(endMs - shift.earlyExitToleranceMinutes * MINUTE_MS - outMs),
    overtimeHours: hoursOf(outMs - (endMs + shift.overtimeAfterMinutes * MINUTE_MS)),
  };
}

const ZERO_METRICS = { hoursWorked: "0.00", lateEntryMinutes: 0, earlyExitMinutes: 0, overtimeHours: "0.00" } as const;

/**
 * Milliseconds as decimal hours with 2 places, rounded half up; negative durations count as 0. Done on integer
 * hundredths of an hour (1 h/100 = 36,000 ms) with bigint, as money is done on cents, so no float ever rounds it.
 */
function hoursOf(ms: number): string {
  if (ms <= 0) return "0.00";
  const hundredths = (BigInt(ms) * 2n + 36_000n) / 72_000n;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, "0")}`;
}

/** Whole minutes, rounded down: a late arrival of 59 s is not a late minute. Negative counts as 0. */
function wholeMinutes(ms: number): number {
  return ms <= 0 ? 0 : Math.floor(ms / MINUTE_MS);
}

function parseDateUtc(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`attendance date must be YYYY-MM-DD, got "${date}"`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // Date.UTC rolls 2027-02-29 over to 1 March: a date that does not come back unchanged does not exist.
  if (new Date(ms).toISOString().slice(0, 10) !== date)
    throw new RangeError(`attendance date "${date}" does not exist`);
  return ms;
}

/** ISO weekday of a UTC midnight: 1 = Monday … 7 = Sunday. */
function isoWeekday(dayStartUtc: number): number {
  return new Date(dayStartUtc).getUTCDay() || 7;
}

/** "HH:MM" or "HH:MM:SS" (what PostgreSQL's time column answers) → milliseconds after midnight. */
function timeOfDayMs(time: string): number {
  const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(time);
  if (!match) throw new RangeError(`shift time must be HH:MM or HH:MM:SS, got "${time}"`);
  const [h, m, s] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (h > 24 || m > 59 || s > 59 || (h === 24 && (m > 0 || s > 0)))
    throw new RangeError(`shift time "${time}" is out of range`);
  return ((h * 60 + m) * 60 + s) * 1000;
}
