import { z } from "zod";

/** The longest period one report covers: three years of months keeps the answer and its chart readable. */
const REPORT_MONTHS_LIMIT = 36;
/** The most overdue invoices one answer lists (the oldest debts first). */
const OVERDUE_LIMIT = 500;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const month = z
  .string()
  .regex(MONTH, "Use a month such as 2026-01.")
  .meta({ examples: ["2026-01"] });
const calendarDay = z.iso.date("Use a date such as 2026-11-20.");

/** Months since year 0, so two months subtract. */
export const monthIndex = (value: string): number => Number(value.slice(0, 4)) * 12 + Number(value.slice(5, 7)) - 1;

const bothMonths = (query: { from?: string; to?: string }): query is { from: string; to: string } =>
  MONTH.test(query.from ?? "") && MONTH.test(query.to ?? "");

export const revenueReportQuery = z
  .object({
    from: month.optional().meta({ description: "First month (club calendar); default: 11 months before `to`." }),
    to: month.optional().meta({ description: "Last month (club calendar); default: the current month." }),
    asOf: calendarDay
      .optional()
      .meta({ description: "The club date the ageing is computed at; default: today in the club's time zone." }),
  })
  // Zod runs these also when a month is malformed; that month's own error is the one to show.
  .refine((query) => !bothMonths(query) || query.from <= query.to, {
    path: ["to"],
    message: "to cannot be before from.",
  })
  .refine((query) => !bothMonths(query) || monthIndex(query.to) - monthIndex(query.from) < REPORT_MONTHS_LIMIT, {
    path: ["to"],
    message: `Choose at most ${REPORT_MONTHS_LIMIT} months.`,
  });
export type RevenueReportQuery = z.output<typeof revenueReportQuery>;

export const overdueListQuery = z.object({
  limit: z.coerce
    .number()
    .int("Use a whole number.")
    .min(1, "Use at least 1.")
    .max(OVERDUE_LIMIT, `Use at most ${OVERDUE_LIMIT}.`)
    .default(100)
    .meta({ description: `How many overdue invoices to list, the most overdue first (at most ${OVERDUE_LIMIT}).` }),
});
export type OverdueListQuery = z.output<typeof overdueListQuery>;
