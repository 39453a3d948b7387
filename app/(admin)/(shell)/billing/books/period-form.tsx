"use client";

import { useTranslations } from "next-intl";
import { ConsoleForm, type formFailureOf, SubmitButton, TextField, textOf } from "@/console/ui/forms";
import type { Period, Preset } from "./periods";

/** The books' period: a preset in one tap, or any two dates. */
export function PeriodForm({
  period,
  presets,
  failure,
  pending,
  onChoose,
}: {
  period: Period;
  presets: readonly { preset: Preset; period: Period }[];
  failure: ReturnType<typeof formFailureOf> | null;
  pending: boolean;
  onChoose: (period: Period) => void;
}) {
  const t = useTranslations("billingReports.books");
  const chosen = (candidate: Period) => candidate.from === period.from && candidate.to === period.to;
  return (
    <section className="card books-period" aria-label={t("period")}>
      <fieldset className="books-presets">
        <legend className="visually-hidden">{t("period")}</legend>
        {presets.map((option) => (
          <button
            key={option.preset}
            type="button"
            className={chosen(option.period) ? "button button-primary" : "button"}
            aria-pressed={chosen(option.period)}
            onClick={() => onChoose(option.period)}
          >
            {t(`presets.${option.preset}`)}
          </button>
        ))}
      </fieldset>
      <ConsoleForm
        className="report-period"
        labels={{ from: t("from"), to: t("to") }}
        failure={failure}
        onSubmit={(data) => onChoose({ from: textOf(data, "from"), to: textOf(data, "to") })}
      >
        {/* Keyed by the period, so a preset's dates show in the fields. */}
        <TextField key={`from-${period.from}`} name="from" type="date" defaultValue={period.from} />
        <TextField key={`to-${period.to}`} name="to" type="date" defaultValue={period.to} />
        <SubmitButton pending={pending}>{t("show")}</SubmitButton>
      </ConsoleForm>
    </section>
  );
}
