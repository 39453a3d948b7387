import { z } from "zod";
import { currencyField, languageField, timeZoneField } from "@/lib/settings/club-settings";

export const clubNameField = z.string().trim().min(1, "Required.").max(100, "Use at most 100 characters.");
export const clubDescriptionField = z.string().trim().max(500, "Use at most 500 characters.");

/** PUT /api/settings replaces them all; an empty or absent description clears it. */
export const settingsInputSchema = z.object({
  clubName: clubNameField,
  description: clubDescriptionField.nullish(),
  language: languageField,
  timeZone: timeZoneField,
  currency: currencyField,
});
export type SettingsInput = z.output<typeof settingsInputSchema>;
