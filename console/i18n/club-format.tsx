"use client";

import "client-only";

import { useLocale, useTimeZone } from "next-intl";
import { createContext, type ReactNode, use, useMemo } from "react";
import { type ClubFormat, clubFormat } from "./format";

const ClubCurrency = createContext<string>("EUR");

/** Hands the club's currency to the client formatter (language and time zone come from next-intl's provider). */
export function ClubCurrencyProvider({ currency, children }: { currency: string; children: ReactNode }) {
  return <ClubCurrency value={currency}>{children}</ClubCurrency>;
}

/** The console's formatter in a client component: the reader's language, the club's time zone and currency. */
export function useClubFormat(): ClubFormat {
  const language = useLocale();
  const timeZone = useTimeZone() ?? "UTC";
  const currency = use(ClubCurrency);
  return useMemo(() => clubFormat({ language, timeZone, currency }), [language, timeZone, currency]);
}
