import { z } from "zod";
import { notYearZero } from "@/lib/platform/http/params";
import { nameSchemas } from "@/lib/platform/http/shapes";
import { paginationQuery } from "@/lib/platform/pagination";

const collectionDate = z.iso
  .date("Use a date such as 2026-12-09.")
  .refine(notYearZero, "Use a date such as 2026-12-09.");

export const newRemittanceSchema = z.object({
  collectionDate: collectionDate.meta({
    description:
      "When the members' banks charge them (ReqdColltnDt): after today in the club's time zone, on a TARGET2 business day (not a weekend, 1 January, Good Friday, Easter Monday, 1 May, 25 or 26 December). The SEPA Core scheme needs the file at the club's bank one business day before (D-1); the bank's own cut-off may be earlier.",
  }),
  invoiceIds: z
    .array(z.uuid("Not a valid invoice id."))
    .min(1, "Choose at least one invoice, or leave the list out.")
    .max(10_000, "Choose at most 10,000 invoices.")
    .optional()
    .meta({
      description:
        "The invoices to collect; every one must be collectable. Left out: every invoice due by the collection date with an amount owed whose member has an active mandate.",
    }),
});
export type NewRemittance = z.output<typeof newRemittanceSchema>;

export const candidateQuery = z.object({
  collectionDate: collectionDate.meta({
    description:
      "The collection date to list the collectable invoices for: those due by then. Any date; building a remittance needs one after today.",
  }),
});
export type CandidateQuery = z.output<typeof candidateQuery>;

export const remittanceListQuery = paginationQuery(["createdAt", "collectionDate"], "createdAt", "desc");
export type RemittanceListQuery = z.output<typeof remittanceListQuery>;

nameSchemas([[newRemittanceSchema, "NewRemittance"]]);
