import type { JobOutcome } from "@/console/club-api";
import type { ClubFormat } from "@/console/i18n/format";

/** A job's name, what it does and its result in the reader's language (messages/<language>/system.json, jobs.list). */
export type JobWords = { title: string | null; description: string | null; result: (outcome: JobOutcome) => string };

/** next-intl's translator of `system.jobs.list`, with keys known only at run time (a job's name). */
export type JobMessages = {
  has: (key: string) => boolean;
  text: (key: string, values?: Record<string, string | number>) => string;
};

/**
 * The words of one job; a job the console has no words for yet keeps the API's (its code and English description),
 * and its result reads as "key: value" pairs.
 */
export function jobWordsOf(t: JobMessages, name: string, format: ClubFormat): JobWords {
  const message = (part: string) => (t.has(`${name}.${part}`) ? `${name}.${part}` : null);
  const title = message("title");
  const description = message("description");
  const result = message("result");
  return {
    title: title && t.text(title),
    description: description && t.text(description),
    result: (outcome) => {
      if (!result)
        return Object.entries(outcome)
          .map(([key, value]) => `${key}: ${String(value)}`)
          .join(" · ");
      // A day in the outcome (the attendance job's) is a calendar date in the reader's format.
      const values = Object.fromEntries(
        Object.entries(outcome).map(([key, value]) => [
          key,
          typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)
            ? format.calendarDate(value)
            : typeof value === "boolean"
              ? String(value)
              : value,
        ]),
      );
      return t.text(result, values);
    },
  };
}

type Schedule =
  | { kind: "everyMinute"; values: Record<string, never> }
  | { kind: "everyMinutes"; values: { minutes: number } }
  | { kind: "hourly"; values: { minute: string } }
  | { kind: "daily"; values: { time: string } }
  | { kind: "cron"; values: { cron: string } };

const two = (value: string) => value.padStart(2, "0");

/**
 * A schedule ("TZ=Europe/Madrid 0 3 * * *") as the message that says it: every minute, every 5 minutes, hourly, daily
 * at 03:00.
 */
export function scheduleOf(cron: string): Schedule {
  const expression = cron.replace(/^TZ=\S+\s+/, "");
  if (expression === "* * * * *") return { kind: "everyMinute", values: {} };
  const everyMinutes = /^\*\/(\d{1,2}) \* \* \* \*$/.exec(expression);
  if (everyMinutes?.[1]) return { kind: "everyMinutes", values: { minutes: Number(everyMinutes[1]) } };
  const hourly = /^(\d{1,2}) \* \* \* \*$/.exec(expression);
  if (hourly?.[1]) return { kind: "hourly", values: { minute: two(hourly[1]) } };
  const daily = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(expression);
  if (daily?.[1] && daily[2]) return { kind: "daily", values: { time: `${two(daily[2])}:${two(daily[1])}` } };
  return { kind: "cron", values: { cron: expression } };
}
