import { z } from "zod";
import { REASON_CODE } from "@/lib/billing/sepa/reason-codes";
import { nameSchemas } from "@/lib/platform/http/shapes";

/** A bank's return file as text; 5 MB is far above the largest report a club's remittance produces. */
const returnFileImport = z.strictObject({
  file: z
    .string()
    .min(1, "Paste or upload the bank's file.")
    .max(5_000_000, "Use a file of at most 5 MB.")
    .meta({ description: "The bank's pain.002 payment status report or camt.054 debit notification, as XML text." }),
});

const manualReturn = z.strictObject({
  invoiceNumber: z
    .string()
    .trim()
    .regex(/^[FR]\d{4}-\d{6}$/, "Use an invoice number such as F2026-000123.")
    .meta({ description: "The returned debit's invoice number (its end-to-end id)." }),
  reasonCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(REASON_CODE, "Use the bank's four-character reason code, such as AM04.")
    .meta({ description: "The ISO 20022 reason code the bank gave (AM04 insufficient funds, MD06 refund…)." }),
});

export const returnImportSchema = z.union([returnFileImport, manualReturn]);
export type ReturnImport = z.output<typeof returnImportSchema>;

nameSchemas([
  [returnFileImport, "ReturnFileImport"],
  [manualReturn, "ManualReturn"],
]);
