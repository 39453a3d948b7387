import { z } from "zod";
import { invoiceStatus } from "@/lib/platform/db/schema";
import { searchFilter } from "@/lib/platform/http/params";
import { nameSchemas } from "@/lib/platform/http/shapes";
import { moneyField, toCents } from "@/lib/platform/money";
import { paginationQuery } from "@/lib/platform/pagination";
import { exemptReasonField, taxRateField, withExemptionRules } from "./tax-data";

export const INVOICE_STATUSES = invoiceStatus.enumValues;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The statuses in which an invoice is still owed (docs/billing.md, A member's balance). */
export const OWING_STATUSES = [
  "open",
  "partially_paid",
  "overdue",
  "returned",
  "pending_collection",
] as const satisfies readonly InvoiceStatus[];

/** Owing statuses with an amount to collect by hand; `pending_collection` waits for the bank, not the desk. */
export const PAYABLE_STATUSES = ["open", "partially_paid", "overdue", "returned"] as const satisfies InvoiceStatus[];

const calendarDay = z.iso.date("Use a date such as 2026-11-20.");

export const invoiceListQuery = paginationQuery(["issuedOn", "number", "total"], "issuedOn", "desc")
  .extend({
    status: z.enum(INVOICE_STATUSES).optional().meta({ description: "Only invoices in this status." }),
    issuedFrom: calendarDay.optional().meta({ description: "Only invoices issued on or after this club date." }),
    issuedTo: calendarDay.optional().meta({ description: "Only invoices issued on or before this club date." }),
    memberId: z.uuid("Not a valid member id.").optional().meta({ description: "Only this member's invoices." }),
    series: z
      .string()
      .regex(/^[A-Z0-9][A-Z0-9/-]{0,9}$/, "Not a series prefix, such as F or R.")
      .optional()
      .meta({ description: "Only the invoices numbered in the series with this prefix (GET /api/billing/series)." }),
    kind: z
      .enum(["invoice", "rectifying", "substitution"])
      .optional()
      .meta({ description: "Only invoices, only rectifying invoices, or only substitutions of simplified ones." }),
    search: searchFilter("Only invoices whose number or customer's name contains this text (any case)."),
  })
  .refine((query) => !query.issuedFrom || !query.issuedTo || query.issuedFrom <= query.issuedTo, {
    path: ["issuedTo"],
    message: "issuedTo cannot be before issuedFrom.",
  });
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

export const memberInvoiceListQuery = paginationQuery(["issuedOn", "number", "total"], "issuedOn", "desc");
export type MemberInvoiceListQuery = z.output<typeof memberInvoiceListQuery>;

export const rectificationSchema = z.object({
  amount: moneyField
    .refine((amount) => toCents(amount) > 0n, "Use an amount above 0.00.")
    .optional()
    .meta({
      description:
        "How much to credit, IVA included (a partial rectification: every line reduced in proportion); omitted: what is left of the invoice.",
      examples: ["10.00"],
    }),
  reason: z
    .string()
    .trim()
    .min(1, "Say why the invoice is rectified.")
    .max(500, "Use at most 500 characters.")
    .meta({ description: "Why the invoice is corrected; printed on the rectifying invoice (RD 1619/2012 art. 15)." }),
});
export type Rectification = z.output<typeof rectificationSchema>;

const invoiceLineInput = withExemptionRules(
  z.object({
    description: z
      .string()
      .trim()
      .min(1, "Say what the line charges for.")
      .max(200, "Use at most 200 characters.")
      .meta({ examples: ["Taquilla, noviembre"] }),
    amount: moneyField
      .refine((amount) => toCents(amount) > 0n, "Use an amount above 0.00.")
      .meta({ description: "The line's total, IVA included.", examples: ["15.00"] }),
    taxRate: taxRateField.nullable().optional().meta({
      description:
        "The line's IVA rate in percent; null or omitted: the club's default (settings). 0 only with `exemptReason`.",
    }),
    exemptReason: exemptReasonField.meta({
      description: "The legal ground of an exempt line, printed on the invoice; its rate is then 0.",
      examples: ["Exento, art. 20.1.13º Ley 37/1992 del IVA"],
    }),
  }),
  "line",
);

export const newInvoiceSchema = z.object({
  memberId: z.uuid("Not a valid member id.").meta({ description: "The member invoiced (the customer)." }),
  lines: z
    .array(invoiceLineInput)
    .min(1, "Add at least one line.")
    .max(50, "Use at most 50 lines.")
    .meta({ description: "What is charged, each line at its own IVA rate (an exempt fee and a 21 % locker may mix)." }),
  dueOn: calendarDay
    .optional()
    .meta({ description: "The club date it is due; the issue date when omitted, and never before it." }),
});
export type NewInvoice = z.output<typeof newInvoiceSchema>;

nameSchemas([
  [rectificationSchema, "InvoiceRectification"],
  [newInvoiceSchema, "NewInvoice"],
]);
