import type { ClubLanguage } from "@/lib/settings/club-locale";
import { INTL_LOCALE } from "./locales";

/**
 * The console's one formatter: every date, time, amount and number a person reads goes through it, in the reader's
 * language and the club's time zone and currency. `useClubFormat()` (client components) and `getClubFormat()`
 * (server components) build it from the request's settings.
 */
export type ClubFormat = {
  /** An amount as the API writes it ("49.90"), exactly: money is never turned into a floating-point number. */
  money: (amount: string, currency?: string) => string;
  /** A calendar date (YYYY-MM-DD) as it is written: "24 Nov 2026" / "24 nov 2026". */
  calendarDate: (date: string) => string;
  /** A month of the club's calendar (YYYY-MM): "Nov 2026" / "nov 2026". */
  month: (month: string) => string;
  /** Its name alone, for a chart's axis: "Nov" / "nov". */
  monthShort: (month: string) => string;
  /** A calendar date with its weekday: "Tuesday, 24 November 2026". */
  longDate: (date: string) => string;
  /** The club's day of an ISO instant. */
  day: (iso: string) => string;
  /** An ISO instant on the club's wall clock: "24 Nov 2026, 14:38". */
  dateTime: (iso: string) => string;
  /** The club's wall-clock time of an ISO instant: "14:38". */
  time: (iso: string) => string;
  count: (value: number) => string;
  /** 0.254 → "25 %" in Spanish, "25%" in English. */
  percent: (ratio: number) => string;
  /** 1536 → "1.5 KB" / "1,5 KB". */
  bytes: (bytes: number) => string;
};

export type FormatSettings = { language: ClubLanguage; timeZone: string; currency: string };

const isDecimal = (amount: string) => /^-?\d+(\.\d+)?$/.test(amount);

export function clubFormat({ language, timeZone, currency }: FormatSettings): ClubFormat {
  const locale = INTL_LOCALE[language];
  const moneyFormats = new Map<string, Intl.NumberFormat>();
  const moneyFormat = (code: string) => {
    let format = moneyFormats.get(code);
    if (!format) {
      format = new Intl.NumberFormat(locale, { style: "currency", currency: code });
      moneyFormats.set(code, format);
    }
    return format;
  };
  // Calendar dates are written, not instants: formatted at UTC midnight in UTC, whatever the club's zone.
  const calendarDate = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  const longDate = new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC" });
  const month = new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" });
  const monthShort = new Intl.DateTimeFormat(locale, { month: "short", timeZone: "UTC" });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone });
  const count = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const atUtcMidnight = (date: string) => new Date(`${date}T00:00:00Z`);
  return {
    // Intl formats the decimal string itself (an exact decimal), not a number.
    money: (amount, code = currency) =>
      isDecimal(amount) ? moneyFormat(code).format(amount as `${number}`) : `${amount} ${code}`,
    calendarDate: (date) => calendarDate.format(atUtcMidnight(date)),
    month: (yearMonth) => month.format(atUtcMidnight(`${yearMonth}-01`)),
    monthShort: (yearMonth) => monthShort.format(atUtcMidnight(`${yearMonth}-01`)),
    longDate: (date) => longDate.format(atUtcMidnight(date)),
    day: (iso) => day.format(new Date(iso)),
    dateTime: (iso) => dateTime.format(new Date(iso)),
    time: (iso) => time.format(new Date(iso)),
    count: (value) => count.format(value),
    percent: (ratio) => percent.format(ratio),
    bytes: (bytes) => {
      if (bytes < 1024) return `${count.format(bytes)} B`;
      if (bytes < 1024 * 1024) return `${oneDecimal.format(bytes / 1024)} KB`;
      return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
    },
  };
}

/**
 * An amount typed by a person, as the API's decimal string: "59,90", "59.90", "1.234,50", "1,234.50" and "€ 59,9"
 * all read as the amounts they mean. Thousands come in groups of three; a lone separator followed by exactly three
 * digits ("1.234") groups thousands, since money has at most two decimals. Null when it is no amount.
 */
export function parseMoneyInput(text: string): string | null {
  const typed = text.replace(/[\s\u00a0\u202f€$£]/g, "");
  for (const [group, decimal] of [
    [".", ","],
    [",", "."],
  ] as const) {
    const g = `\\${group}`;
    const d = `\\${decimal}`;
    const grouped = new RegExp(`^(-?\\d{1,3}(?:${g}\\d{3})+)(?:${d}(\\d+))?$`).exec(typed);
    if (grouped) return amount(grouped[1]?.replaceAll(group, "") ?? "", grouped[2]);
  }
  const plain = /^(-?\d+)(?:[.,](\d+))?$/.exec(typed);
  return plain ? amount(plain[1] ?? "", plain[2]) : null;
}

const amount = (integer: string, fraction: string | undefined) => (fraction ? `${integer}.${fraction}` : integer);
