/**
 * TARGET2's closing days, on which no SEPA Core direct debit is settled (European Central Bank, "TARGET2 closing
 * days": Saturdays, Sundays, New Year's Day, Good Friday and Easter Monday by the Western calendar, 1 May, 25 and 26
 * December). A collection date must be a TARGET2 business day (EPC SEPA Core Direct Debit Rulebook, "Settlement Date").
 */

/** Easter Sunday of `year` by the Gregorian calendar (the anonymous algorithm of Meeus, Jones and Butcher). */
function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const FIXED_CLOSING_DAYS = new Set(["01-01", "05-01", "12-25", "12-26"]);

/** Whether TARGET2 settles on `date` (YYYY-MM-DD). */
export function isTarget2BusinessDay(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`);
  if (day.getUTCDay() === 0 || day.getUTCDay() === 6) return false;
  if (FIXED_CLOSING_DAYS.has(date.slice(5))) return false;
  const easter = easterSunday(day.getUTCFullYear()).getTime();
  return date !== isoDay(new Date(easter - 2 * DAY_MS)) && date !== isoDay(new Date(easter + DAY_MS));
}

/** The first TARGET2 business day on or after `date`. */
export function nextTarget2BusinessDay(date: string): string {
  let day = new Date(`${date}T00:00:00Z`);
  while (!isTarget2BusinessDay(isoDay(day))) day = new Date(day.getTime() + DAY_MS);
  return isoDay(day);
}
