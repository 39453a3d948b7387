"use client";

import "client-only";

import { useTranslations } from "next-intl";
import { useId, useMemo } from "react";
import { CLUB_LANGUAGES, type ClubLanguage, isClubLanguage } from "@/lib/settings/languages";
import { SelectField, TextField } from "./forms";

/** The club's language, time zone and currency: the fields setup and the settings page share. */
export type ClubLocaleValues = { language: ClubLanguage; timeZone: string; currency: string };

/** The zones the runtime lists, and UTC: all of them the API accepts (lib/settings/club-settings.ts). */
const TIME_ZONES = [...Intl.supportedValuesOf("timeZone"), "UTC"];
const CURRENCIES = Intl.supportedValuesOf("currency");

/** Each language named in itself, so a reader finds theirs whatever the page speaks. */
export function useLanguageOptions(): { value: ClubLanguage; label: string }[] {
  const t = useTranslations("settings.languages");
  return CLUB_LANGUAGES.map((language) => ({ value: language, label: t(language) }));
}

/**
 * The fields, named `language`, `timeZone` and `currency` for the form's labels and errors. Zone and currency are
 * text fields with a list of suggestions: typing "Madr" offers Europe/Madrid, on a phone too.
 */
export function ClubLocaleFields({
  initial,
  currencyLocked,
  onLanguageChange,
}: {
  initial: ClubLocaleValues;
  /** Prices exist: the currency is shown, not offered (the API would answer Settings.CurrencyInUse). */
  currencyLocked?: boolean;
  onLanguageChange?: (language: ClubLanguage) => void;
}) {
  const t = useTranslations("settings.fields");
  const zonesId = useId();
  const currenciesId = useId();
  const languageOptions = useLanguageOptions();
  const zoneOptions = useMemo(() => TIME_ZONES.map((zone) => <option key={zone} value={zone} />), []);
  const currencyOptions = useMemo(() => CURRENCIES.map((code) => <option key={code} value={code} />), []);
  return (
    <>
      <SelectField
        name="language"
        options={languageOptions}
        defaultValue={initial.language}
        hint={t("languageHint")}
        onChange={(event) => {
          if (isClubLanguage(event.target.value)) onLanguageChange?.(event.target.value);
        }}
      />
      <div className="form-row">
        <TextField
          name="timeZone"
          list={zonesId}
          defaultValue={initial.timeZone}
          hint={t("timeZoneHint")}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          name="currency"
          list={currenciesId}
          defaultValue={initial.currency}
          hint={t("currencyHint")}
          autoComplete="off"
          spellCheck={false}
          maxLength={3}
          readOnly={currencyLocked}
        />
      </div>
      <datalist id={zonesId}>{zoneOptions}</datalist>
      <datalist id={currenciesId}>{currencyOptions}</datalist>
    </>
  );
}

/** The values of the fields above, as the API takes them (the currency in capitals). */
export function clubLocaleOf(data: FormData): ClubLocaleValues {
  const text = (name: string) => String(data.get(name) ?? "").trim();
  return {
    language: text("language") as ClubLanguage,
    timeZone: text("timeZone"),
    currency: text("currency").toUpperCase(),
  };
}
