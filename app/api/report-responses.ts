import { z } from "zod";
import type { OverdueList } from "@/lib/billing/report/overdue";
import type { RevenueReport } from "@/lib/billing/report/revenue";
import type { InvoiceSeries } from "@/lib/billing/series";
import { type JsonOf, nameSchemas, type SameShape } from "@/lib/platform/http/shapes";
import { AMOUNT_ANSWERED } from "@/lib/platform/money";

/* Response bodies of the billing report and the overdue list (lib/billing/report), checked against the services' types. */

const uuid = () => z.string().meta({ format: "uuid" });
const calendarDate = () => z.string().meta({ format: "date", examples: ["2026-11-20"] });
const month = () => z.string().meta({ description: "YYYY-MM, club calendar.", examples: ["2026-11"] });
const signedMoney = () =>
  z
    .string()
    .regex(AMOUNT_ANSWERED)
    .meta({
      description: "Decimal string with two places; negative when more was credited or refunded.",
      examples: ["589.00"],
    });

const ageingBucket = z.strictObject({ amount: signedMoney(), invoices: z.number().int() }).meta({ id: "AgeingBucket" });
const bucket = (description: string) => ageingBucket.meta({ description });

export const revenueReportResponse = z.strictObject({
  from: month(),
  to: month(),
  currency: z.string().meta({ examples: ["EUR"] }),
  months: z.array(
    z
      .strictObject({
        month: month(),
        billed: signedMoney().meta({
          description: "Invoices issued in the month less the rectifying invoices issued in it.",
        }),
        collected: signedMoney().meta({ description: "Payments less refunds dated in the month." }),
      })
      .meta({ id: "RevenueReportMonth" }),
  ),
  totals: z.strictObject({ billed: signedMoney(), collected: signedMoney() }),
  ageing: z
    .strictObject({
      asOf: calendarDate(),
      notYetDue: bucket("Owed, due on asOf or later."),
      days1To30: bucket("Owed, 1 to 30 days past due."),
      days31To60: bucket("Owed, 31 to 60 days past due."),
      days61To90: bucket("Owed, 61 to 90 days past due."),
      over90Days: bucket("Owed, more than 90 days past due."),
      total: bucket("All that is owed."),
    })
    .meta({
      id: "RevenueAgeing",
      description: "What was owed at the end of asOf, by days past due (docs/billing.md, Revenue report).",
    }),
});
const reportIsExact: SameShape<z.output<typeof revenueReportResponse>, JsonOf<RevenueReport>> = true;

const overdueInvoiceResponse = z.strictObject({
  invoiceId: uuid(),
  number: z.string().meta({ examples: ["F2026-000123"] }),
  memberId: uuid(),
  customerName: z.string(),
  dueOn: calendarDate(),
  daysOverdue: z.number().int().meta({ description: "Today in the club's time zone minus the due date." }),
  owed: signedMoney().meta({ description: "Total less what is paid and what rectifying invoices credited." }),
  currency: z.string(),
  remindersSent: z.number().int().meta({ description: "Payment reminders queued by the dunning job." }),
  memberSuspended: z.boolean().meta({ description: "Whether the member is suspended for non-payment now." }),
});

export const overdueListResponse = z.strictObject({
  asOf: calendarDate(),
  count: z.number().int().meta({ description: "Every overdue invoice, also those past `limit`." }),
  totalOwed: signedMoney(),
  items: z.array(overdueInvoiceResponse),
});
const overdueIsExact: SameShape<z.output<typeof overdueListResponse>, JsonOf<OverdueList>> = true;

const seriesStateResponse = z.strictObject({
  prefix: z.string().meta({ examples: ["F"] }),
  lastNumber: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The series' last number issued this year; null before its first invoice of the year." }),
  nextNumber: z
    .number()
    .int()
    .meta({ description: "The number its next invoice takes.", examples: [154] }),
  nextShown: z.string().meta({ description: "The next invoice's number as printed.", examples: ["F2027-000154"] }),
});

export const invoiceSeriesResponse = z.strictObject({
  year: z.number().int().meta({ description: "This year in the club's time zone: the numbering year." }),
  invoice: seriesStateResponse,
  rectifying: seriesStateResponse,
});
const seriesIsExact: SameShape<z.output<typeof invoiceSeriesResponse>, JsonOf<InvoiceSeries>> = true;

void [reportIsExact, overdueIsExact, seriesIsExact];

nameSchemas([
  [revenueReportResponse, "RevenueReport"],
  [overdueInvoiceResponse, "OverdueInvoice"],
  [overdueListResponse, "OverdueList"],
  [seriesStateResponse, "InvoiceSeriesState"],
  [invoiceSeriesResponse, "InvoiceSeries"],
]);
