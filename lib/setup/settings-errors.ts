import { businessError } from "@/lib/platform/result";

export const SettingsErrors = {
  currencyInUse: businessError(
    "Settings.CurrencyInUse",
    "conflict",
    "The currency cannot change once a plan or subscription exists: their prices are amounts in the current one.",
  ),
} as const;
