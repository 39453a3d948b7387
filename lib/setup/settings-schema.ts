import { z } from "zod";
import { directDebitSettingsSchema } from "@/lib/billing/collections/direct-debit-settings";
import { dunningSettingsSchema } from "@/lib/billing/dunning/settings";
import {
  isSepaIban,
  isValidBicCode,
  isValidCreditorIdentifier,
  normaliseBic,
  normaliseCreditorIdentifier,
  normaliseIban,
} from "@/lib/billing/sepa/identifiers";
import { clubTaxDataSchema } from "@/lib/billing/tax-data";
import { currencyField, languageField, timeZoneField } from "@/lib/settings/club-settings";

export const clubNameField = z.string().trim().min(1, "Required.").max(100, "Use at most 100 characters.");
export const clubDescriptionField = z.string().trim().max(500, "Use at most 500 characters.");

/** The club's SEPA creditor identifier; empty or null clears it. */
const creditorIdentifierField = z
  .string()
  .max(50, "Use at most 50 characters.")
  .transform(normaliseCreditorIdentifier)
  .refine(
    (identifier) => identifier === "" || isValidCreditorIdentifier(identifier),
    "Not a valid SEPA creditor identifier, such as ES97000B12345678; your bank gives it.",
  )
  .transform((identifier) => identifier || null)
  .nullish()
  .meta({
    description:
      "The club's SEPA creditor identifier (AT-02), which its bank assigns for direct debits; spaces and lower case accepted. Absent keeps the stored one (it was added after the other settings); null or empty clears it.",
    examples: ["ES97000B12345678"],
  });

/** An optional identifier kept when absent, cleared by null or empty (like the creditor identifier). */
const clearable = (schema: z.ZodType<string, string>) =>
  z
    .string()
    .trim()
    .transform((value, context) => {
      if (value === "") return null;
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) context.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    })
    .nullish();

const collectionIbanField = clearable(
  z
    .string()
    .max(50, "Use at most 50 characters.")
    .refine(isSepaIban, "Not a valid IBAN of a SEPA country; check the digits.")
    .transform(normaliseIban),
).meta({
  description:
    "The club's account its direct debits are paid into (the creditor's IBAN in the bank file); spaces and lower case accepted. Absent keeps it; null or empty clears it.",
  examples: ["ES7921000813610123456789"],
});

const collectionBicField = clearable(
  z
    .string()
    .max(20, "Use at most 20 characters.")
    .refine(isValidBicCode, "Not a valid BIC: 8 or 11 letters and digits, such as CAIXESBBXXX.")
    .transform(normaliseBic),
).meta({ description: "Optional BIC of the club's bank (IBAN-only is the rule since 2016). Absent keeps it." });

/**
 * PUT /api/settings replaces them all; an empty or absent description clears it. The creditor identifier and the tax
 * data, added since, are kept when absent, so clients that do not know them do not clear them.
 */
export const settingsInputSchema = z.object({
  clubName: clubNameField,
  description: clubDescriptionField.nullish(),
  language: languageField,
  timeZone: timeZoneField,
  currency: currencyField,
  creditorIdentifier: creditorIdentifierField,
  collectionIban: collectionIbanField,
  collectionBic: collectionBicField,
  /** The club as the issuer of its invoices; omitted: unchanged (a client that never sends it keeps what was set). */
  taxData: clubTaxDataSchema.optional(),
  /** Reminders and suspension for unpaid invoices; omitted: unchanged, like the tax data. */
  dunning: dunningSettingsSchema.optional(),
  /** When direct debits are collected and presented again; omitted: unchanged. */
  directDebit: directDebitSettingsSchema.optional(),
});
export type SettingsInput = z.output<typeof settingsInputSchema>;
