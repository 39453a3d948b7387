"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { HolidayListBody, HolidayListRecord, HolidayListRow } from "@/console/club-api";
import { ISO_WEEKDAYS } from "@/console/ui/attendance-format";
import { ConfirmDialog, Dialog, FormDialog } from "@/console/ui/dialog";
import { LoadError, SkeletonCard } from "@/console/ui/feedback";
import {
  Checkbox,
  ChoiceFieldset,
  formFailureOf,
  TextField,
  textOf,
  useFailureText,
  useFormMutation,
} from "@/console/ui/forms";
import { StaleRecordReload, useReloadAndClose } from "@/console/ui/stale-record";
import { useAttendanceFormat } from "@/console/ui/use-attendance-format";

type EntryDraft = { key: number; date: string; description: string };

const CODE_FIELDS = { "HolidayList.DuplicateName": "name" };

const entryDate = (index: number) => `entries.${index}.date`;
const entryDescription = (index: number) => `entries.${index}.description`;

/** The form's labels, holiday rows included (the API names their fields `entries.0.date`, …). */
function useLabels(entries: readonly EntryDraft[]): Record<string, string> {
  const t = useTranslations("holidayLists.form");
  const labels: Record<string, string> = {
    name: t("labels.name"),
    weeklyOffDays: t("labels.weeklyOffDays"),
    entries: t("labels.entries"),
    isDefault: t("labels.isDefault"),
  };
  entries.forEach((_, index) => {
    labels[entryDate(index)] = t("entryDate", { number: index + 1 });
    labels[entryDescription(index)] = t("entryDescription", { number: index + 1 });
  });
  return labels;
}

/** The list's dated holidays: add and remove rows; the API keeps them sorted by date. */
function EntriesEditor({
  entries,
  onChange,
}: {
  entries: readonly EntryDraft[];
  onChange: (next: EntryDraft[]) => void;
}) {
  const t = useTranslations("holidayLists.form");
  const nextKey = useRef(entries.length);
  const edit = (index: number, change: Partial<EntryDraft>) =>
    onChange(entries.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));
  return (
    <ChoiceFieldset name="entries" hint={t("entriesHint")}>
      {entries.length === 0 && <p className="muted benefits-empty">{t("noEntries")}</p>}
      <ol className="holiday-entries">
        {entries.map((entry, index) => (
          <li key={entry.key} className="holiday-entry">
            <TextField
              name={entryDate(index)}
              type="date"
              value={entry.date}
              onChange={(event) => edit(index, { date: event.target.value })}
            />
            <TextField
              name={entryDescription(index)}
              value={entry.description}
              maxLength={200}
              placeholder={t("descriptionPlaceholder")}
              autoComplete="off"
              onChange={(event) => edit(index, { description: event.target.value })}
            />
            <button
              type="button"
              className="button button-small holiday-entry-remove"
              aria-label={t("removeLabel", { number: index + 1 })}
              onClick={() => onChange(entries.filter((_, at) => at !== index))}
            >
              {t("remove")}
            </button>
          </li>
        ))}
      </ol>
      <p className="benefit-add">
        <button
          type="button"
          className="button button-small"
          onClick={() => onChange([...entries, { key: nextKey.current++, date: "", description: "" }])}
        >
          {t("addEntry")}
        </button>
      </p>
    </ChoiceFieldset>
  );
}

const weeklyOffDaysOf = (data: FormData) =>
  data
    .getAll("weeklyOffDays")
    .map(Number)
    .filter((day) => Number.isInteger(day));

function HolidayListForm({
  list,
  onClose,
  onDone,
}: {
  list: HolidayListRecord | null;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const t = useTranslations("holidayLists.form");
  const format = useAttendanceFormat();
  const api = useConsoleApi();
  const reload = useReloadAndClose(onClose);
  const [entries, setEntries] = useState<EntryDraft[]>(() =>
    (list?.entries ?? []).map((entry, key) => ({ key, date: entry.date, description: entry.description ?? "" })),
  );
  const form = useFormMutation(
    (input: HolidayListBody) =>
      list ? api.holidayLists.update(list.id, input, list.version) : api.holidayLists.create(input),
    {
      codeFields: CODE_FIELDS,
      onSuccess: (saved) => onDone(t(list ? "saved" : "created", { name: saved.name })),
    },
  );
  const labels = useLabels(entries);
  return (
    <FormDialog
      title={list ? t("editTitle", { name: list.name }) : t("newTitle")}
      wide
      labels={labels}
      form={form}
      onClose={onClose}
      submitLabel={list ? t("save") : t("create")}
      onSubmit={(data) =>
        form.submit({
          name: textOf(data, "name"),
          weeklyOffDays: weeklyOffDaysOf(data),
          isDefault: data.has("isDefault"),
          // A date left empty is sent as it is: the API says which row needs one.
          entries: entries.map((entry) => ({ date: entry.date, description: entry.description.trim() || null })),
        })
      }
    >
      <TextField name="name" defaultValue={list?.name} autoComplete="off" hint={t("nameHint")} />
      <Checkbox
        name="isDefault"
        label={labels.isDefault ?? ""}
        description={t("isDefaultDescription")}
        defaultChecked={list?.isDefault ?? false}
      />
      <ChoiceFieldset name="weeklyOffDays" hint={t("weeklyOffDaysHint")}>
        <div className="weekday-choices">
          {ISO_WEEKDAYS.map((weekday) => (
            <label key={weekday} className="weekday-choice">
              <input
                type="checkbox"
                name="weeklyOffDays"
                value={String(weekday)}
                // A new list starts with the weekend off, which is what most clubs want.
                defaultChecked={list ? list.weeklyOffDays.includes(weekday) : weekday >= 6}
              />
              <span aria-hidden="true">{format.weekday(weekday, "short")}</span>
              <span className="visually-hidden">{format.weekday(weekday, "long")}</span>
            </label>
          ))}
        </div>
      </ChoiceFieldset>
      <EntriesEditor entries={entries} onChange={setEntries} />
      {list && list.employeeCount > 0 && <p className="notice">{t("inUse", { count: list.employeeCount })}</p>}
      <StaleRecordReload failure={form.failure} onReload={reload} />
    </FormDialog>
  );
}

/** Creates a holiday list, or edits one (loaded first: the list page has no entries). */
export function HolidayListEditor({
  listId,
  onClose,
  onDone,
}: {
  listId: string | null;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const t = useTranslations("holidayLists.form");
  const failureText = useFailureText();
  const api = useConsoleApi();
  const list = useQuery({
    queryKey: ["holiday-lists", "detail", listId],
    queryFn: () => api.holidayLists.get(listId ?? ""),
    enabled: listId !== null,
    // The editor starts from what is saved now.
    staleTime: 0,
  });
  if (listId === null) return <HolidayListForm list={null} onClose={onClose} onDone={onDone} />;
  if (list.data) return <HolidayListForm list={list.data} onClose={onClose} onDone={onDone} />;
  return (
    <Dialog title={t("editLoading")} onClose={onClose} wide>
      {list.isError ? (
        <LoadError message={failureText(formFailureOf(list.error))} onRetry={() => void list.refetch()} />
      ) : (
        <SkeletonCard className="dialog-skeleton" label={t("loading")} lines={6} />
      )}
    </Dialog>
  );
}

export function DeleteHolidayListDialog({
  list,
  onClose,
  onDone,
}: {
  list: HolidayListRow;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const t = useTranslations("holidayLists.deleteDialog");
  const api = useConsoleApi();
  return (
    <ConfirmDialog
      title={t("title", { name: list.name })}
      run={() => api.holidayLists.remove(list.id, list.version)}
      onSuccess={() => onDone(t("deleted", { name: list.name }))}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      variant="danger"
    >
      {list.isDefault ? (
        <p className="notice notice-warn">{t("isDefault")}</p>
      ) : list.employeeCount > 0 ? (
        <p className="notice notice-warn">{t("inUse", { count: list.employeeCount })}</p>
      ) : (
        <p>{t("entries", { count: list.entryCount })}</p>
      )}
    </ConfirmDialog>
  );
}
