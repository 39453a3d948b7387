"use client";

import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { HolidayListBody, HolidayListRecord, HolidayListRow } from "@/console/club-api";
import { plural } from "@/console/format";
import { WEEKDAYS } from "@/console/ui/attendance-format";
import { ConfirmDialog, Dialog, FormDialog } from "@/console/ui/dialog";
import { LoadError, SkeletonCard } from "@/console/ui/feedback";
import { ChoiceFieldset, formFailureOf, TextField, textOf, useFormMutation } from "@/console/ui/forms";
import { StaleRecordReload, useReloadAndClose } from "@/console/ui/stale-record";

type EntryDraft = { key: number; date: string; description: string };

const FIXED_LABELS = { name: "Name", weeklyOffDays: "Weekly days off", entries: "Holidays" };
const CODE_FIELDS = { "HolidayList.DuplicateName": "name" };

const entryDate = (index: number) => `entries.${index}.date`;
const entryDescription = (index: number) => `entries.${index}.description`;

/** The form's labels, holiday rows included (the API names their fields `entries.0.date`, …). */
function labelsFor(entries: readonly EntryDraft[]): Record<string, string> {
  const labels: Record<string, string> = { ...FIXED_LABELS };
  entries.forEach((_, index) => {
    labels[entryDate(index)] = `Holiday ${index + 1} date`;
    labels[entryDescription(index)] = `Holiday ${index + 1} description`;
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
  const nextKey = useRef(entries.length);
  const edit = (index: number, change: Partial<EntryDraft>) =>
    onChange(entries.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));
  return (
    <ChoiceFieldset name="entries" hint="Public holidays and club closures: each date once. Saved in date order.">
      {entries.length === 0 && <p className="muted benefits-empty">No holidays yet.</p>}
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
              placeholder="e.g. Christmas Day"
              autoComplete="off"
              onChange={(event) => edit(index, { description: event.target.value })}
            />
            <button
              type="button"
              className="button button-small holiday-entry-remove"
              aria-label={`Remove holiday ${index + 1}`}
              onClick={() => onChange(entries.filter((_, at) => at !== index))}
            >
              Remove
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
          + Add holiday
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
      onSuccess: (saved) => onDone(`Holiday list ${saved.name} ${list ? "saved" : "created"}.`),
    },
  );
  return (
    <FormDialog
      title={list ? `Edit holiday list ${list.name}` : "New holiday list"}
      wide
      labels={labelsFor(entries)}
      form={form}
      onClose={onClose}
      submitLabel={list ? "Save holiday list" : "Create holiday list"}
      onSubmit={(data) =>
        form.submit({
          name: textOf(data, "name"),
          weeklyOffDays: weeklyOffDaysOf(data),
          // A date left empty is sent as it is: the API says which row needs one.
          entries: entries.map((entry) => ({ date: entry.date, description: entry.description.trim() || null })),
        })
      }
    >
      <TextField name="name" defaultValue={list?.name} autoComplete="off" hint="e.g. Madrid 2026. Unique." />
      <ChoiceFieldset name="weeklyOffDays" hint="Days nobody on this list works: they show as Weekend.">
        <div className="weekday-choices">
          {WEEKDAYS.map((weekday) => (
            <label key={weekday.value} className="weekday-choice">
              <input
                type="checkbox"
                name="weeklyOffDays"
                value={String(weekday.value)}
                defaultChecked={list ? list.weeklyOffDays.includes(weekday.value) : false}
              />
              <span aria-hidden="true">{weekday.short}</span>
              <span className="visually-hidden">{weekday.label}</span>
            </label>
          ))}
        </div>
      </ChoiceFieldset>
      <EntriesEditor entries={entries} onChange={setEntries} />
      {list && list.employeeCount > 0 && (
        <p className="notice">
          {plural(list.employeeCount, "employee uses", "employees use")} this list: their days from now on follow the
          change. Days already classified stay as they are.
        </p>
      )}
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
    <Dialog title="Edit holiday list" onClose={onClose} wide>
      {list.isError ? (
        <LoadError message={formFailureOf(list.error).message} onRetry={() => void list.refetch()} />
      ) : (
        <SkeletonCard className="dialog-skeleton" label="Loading the holiday list…" lines={6} />
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
  const api = useConsoleApi();
  return (
    <ConfirmDialog
      title={`Delete holiday list ${list.name}?`}
      run={() => api.holidayLists.remove(list.id, list.version)}
      onSuccess={() => onDone(`Holiday list ${list.name} deleted.`)}
      onClose={onClose}
      submitLabel="Delete holiday list"
      pendingLabel="Deleting…"
      variant="danger"
    >
      {list.employeeCount > 0 ? (
        <p className="notice notice-warn">
          {plural(list.employeeCount, "employee uses", "employees use")} this list. A list in use cannot be deleted:
          give {list.employeeCount === 1 ? "that employee" : "them"} another list first.
        </p>
      ) : (
        <p>
          Its {plural(list.entryCount, "holiday", "holidays")} go with it. Days already classified keep their status.
        </p>
      )}
    </ConfirmDialog>
  );
}
