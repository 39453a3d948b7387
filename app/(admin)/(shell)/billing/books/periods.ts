/** The period presets of the books page, computed from today's club date ("2027-02-14"). */
export const PRESETS = ["thisMonth", "lastMonth", "thisQuarter", "thisYear", "lastYear"] as const;
export type Preset = (typeof PRESETS)[number];
export type Period = { from: string; to: string };

const pad = (value: number) => String(value).padStart(2, "0");
/** The last day of a month (1–12; 0 is December of the year before, handled by Date). */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const months = (year: number, first: number, last: number): Period => {
  const start = new Date(Date.UTC(year, first - 1, 1));
  const end = new Date(Date.UTC(year, last - 1, 1));
  const y = (date: Date) => date.getUTCFullYear();
  const m = (date: Date) => date.getUTCMonth() + 1;
  return {
    from: `${y(start)}-${pad(m(start))}-01`,
    to: `${y(end)}-${pad(m(end))}-${pad(lastDay(y(end), m(end)))}`,
  };
};

export function presetPeriod(preset: Preset, today: string): Period {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const quarterStart = Math.floor((month - 1) / 3) * 3 + 1;
  switch (preset) {
    case "thisMonth":
      return months(year, month, month);
    case "lastMonth":
      return months(year, month - 1, month - 1);
    case "thisQuarter":
      return months(year, quarterStart, quarterStart + 2);
    case "thisYear":
      return months(year, 1, 12);
    case "lastYear":
      return months(year - 1, 1, 12);
  }
}

/** The quarter (1–4) and year the 303 and 347 figures are shown for: those of the period's first day. */
export const quarterOf = (period: Period) => ({
  year: Number(period.from.slice(0, 4)),
  quarter: Math.floor((Number(period.from.slice(5, 7)) - 1) / 3) + 1,
});

/** Today's date in the club's time zone. */
export const clubToday = (timeZone: string | undefined) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
