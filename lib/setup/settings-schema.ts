import { z } from "zod";
import { clubTaxDataSchema } from "@/lib/billing/tax-data";
import { currencyField, languageField, timeZoneField } from "@/lib/settings/club-settings";

export const clubNameField = z.string().trim().min(1, "Required.").max(100, "Use at most 100 characters.");
export const clubDescriptionField = z.string().trim().max(500, "Use at most 500 characters.");

/** PUT /api/settings replaces them all (tax data only when sent); an empty or absent description clears it. */
export const settingsInputSchema = z.object({
  clubName: clubNameField,
  description: clubDescriptionField.nullish(),
  language: languageField,
  timeZone: timeZoneField,
  currency: currencyField,
  /** The club as the issuer of its invoices; omitted: unchanged (a client that never sends it keeps what was set). */
  taxData: clubTaxDataSchema.optional(),
});
export type SettingsInput = z.output<typeof settingsInputSchema>;
