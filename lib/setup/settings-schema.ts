import { z } from "zod";
import { isValidCreditorIdentifier, normaliseCreditorIdentifier } from "@/lib/billing/sepa/identifiers";
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
  /** The club as the issuer of its invoices; omitted: unchanged (a client that never sends it keeps what was set). */
  taxData: clubTaxDataSchema.optional(),
});
export type SettingsInput = z.output<typeof settingsInputSchema>;
