import { z } from "zod";
import { paginationQuery } from "@/lib/platform/pagination";

/**
 * The longest period one book answers: a year and a day, so any calendar year (leap or not) or any run of months
 * within one fits, and a whole year's book stays one answer (docs/billing.md, The accountant's books).
 */
const BOOK_PERIOD_DAYS = 366;

const calendarDay = z.iso.date("Use a date such as 2027-01-31.");
const DAY_MS = 86_400_000;
const bothDays = (query: { from?: unknown; to?: unknown }): query is { from: string; to: string } =>
  z.iso.date().safeParse(query.from).success && z.iso.date().safeParse(query.to).success;

const periodShape = {
  from: calendarDay.meta({ description: "First day (club calendar), inclusive.", examples: ["2027-01-01"] }),
  to: calendarDay.meta({ description: "Last day (club calendar), inclusive.", examples: ["2027-01-31"] }),
};

/** From and to, club calendar dates, inclusive; to not before from and at most BOOK_PERIOD_DAYS days in all. */
const withinOnePeriod = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    // Zod runs these also when a date is malformed; that date's own error is the one to show.
    .refine((query) => !bothDays(query) || query.from <= query.to, {
      path: ["to"],
      message: "to cannot be before from.",
    })
    .refine(
      (query) => !bothDays(query) || (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS < BOOK_PERIOD_DAYS,
      { path: ["to"], message: `Choose at most ${BOOK_PERIOD_DAYS} days.` },
    );

export const bookPeriodQuery = withinOnePeriod(z.object(periodShape));
export type BookPeriod = z.output<typeof bookPeriodQuery>;

/** The shared page parameters, as every paged list takes them; rows are in issue order, oldest first unless desc. */
const paging = paginationQuery(["issuedOn"], "issuedOn").shape;

export const issuedInvoicesQuery = withinOnePeriod(z.object({ ...periodShape, ...paging }));
export type IssuedInvoicesQuery = z.output<typeof issuedInvoicesQuery>;

const BOOK_FILE_FORMATS = ["csv", "xlsx"] as const;
export type BookFileFormat = (typeof BOOK_FILE_FORMATS)[number];

export const issuedInvoicesFileQuery = withinOnePeriod(
  z.object({
    ...periodShape,
    format: z
      .enum(BOOK_FILE_FORMATS, "Use csv or xlsx.")
      .default("csv")
      .meta({ description: "csv (UTF-8 with BOM, `;`, decimal comma) or xlsx." }),
  }),
);

const year = z.coerce
  .number("Use a year such as 2027.")
  .int("Use a year such as 2027.")
  .min(2000, "Use a year from 2000.")
  .max(2999, "Use a year before 3000.")
  .meta({ description: "Calendar year (club calendar).", examples: [2027] });

export const vatReturnQuery = z.object({
  year,
  quarter: z.coerce
    .number("Use a quarter from 1 to 4.")
    .int("Use a quarter from 1 to 4.")
    .min(1, "Use a quarter from 1 to 4.")
    .max(4, "Use a quarter from 1 to 4.")
    .meta({ description: "1 (January–March) to 4 (October–December).", examples: [1] }),
});
export type VatReturnQuery = z.output<typeof vatReturnQuery>;

export const annualCustomersQuery = z.object({ year });
export type AnnualCustomersQuery = z.output<typeof annualCustomersQuery>;

/** The first and last club dates of a quarter. */
export function quarterDays(year: number, quarter: number): { from: string; to: string } {
  const first = (quarter - 1) * 3 + 1;
  const lastDay = new Date(Date.UTC(year, first + 2, 0)).getUTCDate();
  const month = (value: number) => String(value).padStart(2, "0");
  return { from: `${year}-${month(first)}-01`, to: `${year}-${month(first + 2)}-${lastDay}` };
}
