"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { HolidayListRow, HolidayPresetId } from "@/console/club-api";
import { Dialog, FormDialog } from "@/console/ui/dialog";
import { LoadError, SkeletonCard } from "@/console/ui/feedback";
import { formFailureOf, SelectField, useFailureText, useFormMutation } from "@/console/ui/forms";
import { useAttendanceFormat } from "@/console/ui/use-attendance-format";

type Choice = { preset: HolidayPresetId; year: number };

/**
 * Adds a public-holiday calendar (Spain's national holidays, the Community of Madrid's) for one year to a holiday
 * list, with the holidays named in the reader's language. The API keeps dates the list already has, so adding twice
 * changes nothing; the dialog says how many were added, and warns about years not yet checked against the bulletin.
 */
export function HolidayPresetDialog({
  list,
  onClose,
  onDone,
}: {
  list: HolidayListRow;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const t = useTranslations("holidayLists.presets");
  const language = useLocale();
  const format = useAttendanceFormat();
  const failureText = useFailureText();
  const api = useConsoleApi();
  const presets = useQuery({ queryKey: ["holiday-presets"], queryFn: api.holidayLists.presets, staleTime: Infinity });
  const [choice, setChoice] = useState<Choice | null>(null);
  const form = useFormMutation(
    async ({ preset, year }: Choice) => {
      // Counted against the list as saved now: the table's row may not have reloaded since the last addition.
      const before = await api.holidayLists.get(list.id);
      const saved = await api.holidayLists.applyPreset(list.id, { preset, year, language });
      return { saved, added: saved.entryCount - before.entryCount };
    },
    { onSuccess: ({ saved, added }) => onDone(t("added", { count: added, name: saved.name })) },
  );

  if (!presets.data) {
    return (
      <Dialog title={t("title", { name: list.name })} onClose={onClose}>
        {presets.isError ? (
          <LoadError message={failureText(formFailureOf(presets.error))} onRetry={() => void presets.refetch()} />
        ) : (
          <SkeletonCard className="dialog-skeleton" label={t("loading")} lines={4} />
        )}
      </Dialog>
    );
  }
  const items = presets.data.items;
  const thisYear = Number(format.today().slice(0, 4));
  const firstPreset = items[0];
  const chosen: Choice = choice ?? {
    preset: (firstPreset?.id ?? "es") as HolidayPresetId,
    year: firstPreset?.years.find((y) => y.year === thisYear)?.year ?? firstPreset?.years[0]?.year ?? thisYear,
  };
  const preset = items.find((item) => item.id === chosen.preset);
  const year = preset?.years.find((y) => y.year === chosen.year);
  const nameOf = (item: (typeof items)[number]) => (language === "es" ? item.name.es : item.name.en);
  const noteOf = (item: (typeof items)[number]) => (language === "es" ? item.note.es : item.note.en);

  return (
    <FormDialog
      title={t("title", { name: list.name })}
      labels={{ preset: t("calendar"), year: t("year") }}
      form={form}
      onClose={onClose}
      submitLabel={t("add")}
      pendingLabel={t("adding")}
      onSubmit={() => form.submit(chosen)}
    >
      <p className="dialog-body muted">{t("lead")}</p>
      <SelectField
        name="preset"
        value={chosen.preset}
        options={items.map((item) => ({ value: item.id, label: nameOf(item) }))}
        onChange={(event) => {
          const next = items.find((item) => item.id === event.target.value);
          const keepsYear = next?.years.some((y) => y.year === chosen.year);
          if (!next) return;
          setChoice({
            preset: next.id as HolidayPresetId,
            year: keepsYear ? chosen.year : (next.years[0]?.year ?? thisYear),
          });
        }}
      />
      <SelectField
        name="year"
        value={String(chosen.year)}
        options={(preset?.years ?? []).map((y) => ({
          value: String(y.year),
          label: `${y.year} · ${t("count", { count: y.holidayCount })}`,
        }))}
        onChange={(event) => setChoice({ ...chosen, year: Number(event.target.value) })}
      />
      {preset && <p className="field-hint">{noteOf(preset)}</p>}
      {year && !year.verified && (
        <p className="notice notice-warn" role="note">
          {t("unverified", { year: year.year })}
        </p>
      )}
      {year && <p className="field-hint holiday-preset-source">{t("source", { source: year.source })}</p>}
    </FormDialog>
  );
}
