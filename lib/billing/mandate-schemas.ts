import { z } from "zod";
import { notYearZero } from "@/lib/platform/http/params";
import { nameSchemas } from "@/lib/platform/http/shapes";
import { paginationQuery } from "@/lib/platform/pagination";
import { isSepaIban, isValidBicCode, isValidMandateReference, normaliseBic, normaliseIban } from "./sepa/identifiers";

const ibanField = z
  .string()
  .max(50, "Use at most 50 characters.")
  .refine(isSepaIban, "Not a valid IBAN of a SEPA country; check the digits.")
  .transform(normaliseIban)
  .meta({
    description: "Spaces and lower case are accepted; stored and answered in capitals without spaces.",
    examples: ["ES91 2100 0418 4502 0005 1332"],
  });

const bicField = z
  .string()
  .max(20, "Use at most 20 characters.")
  .refine(isValidBicCode, "Not a valid BIC: 8 or 11 letters and digits, such as CAIXESBBXXX.")
  .transform(normaliseBic);

export const newMandateSchema = z.object({
  iban: ibanField,
  bic: bicField.nullish().meta({ description: "Optional: since 2016 the IBAN alone identifies the bank (IBAN-only)." }),
  reference: z
    .string()
    .trim()
    .refine(
      isValidMandateReference,
      "Use 1 to 35 letters, digits or / - ? : ( ) . , ' + without spaces, not starting or ending with /.",
    )
    .optional()
    .meta({
      description:
        "The mandate reference (AT-01) printed on the signed form; ClubOps numbers one (MNDT-00000042) when absent.",
    }),
  signedOn: z.iso
    .date("Use a date such as 2026-01-15.")
    .refine(notYearZero, "Use a date such as 2026-01-15.")
    .meta({ description: "The day the member signed; not after today in the club's time zone." }),
  sequence: z.enum(["first", "recurring"]).default("first").meta({
    description:
      "`first` until a collection under it is confirmed; `recurring` for a mandate already collected under elsewhere.",
  }),
});
export type NewMandate = z.output<typeof newMandateSchema>;

/** The member's new account under the same mandate (docs/api.md, Direct debit mandates, amendments). */
export const mandateAmendmentSchema = z.object({
  iban: ibanField.meta({
    description: "The member's new account. Spaces and lower case are accepted; stored in capitals without spaces.",
    examples: ["ES76 2077 0024 0031 0257 5766"],
  }),
  bic: bicField.nullish().meta({
    description: "The new account's BIC, optional (IBAN-only); absent or null, the mandate keeps none.",
  }),
});
export type MandateAmendmentInput = z.output<typeof mandateAmendmentSchema>;

export const mandateParams = z.object({ id: z.uuid("Not a valid id."), mandateId: z.uuid("Not a valid id.") });

/** A member's mandates as a page (spec 2.10), newest first. */
export const mandateListQuery = paginationQuery(["createdAt", "signedOn"], "createdAt", "desc");
export type MandateListQuery = z.output<typeof mandateListQuery>;

nameSchemas([
  [newMandateSchema, "NewMandate"],
  [mandateAmendmentSchema, "MandateAmendmentInput"],
]);
