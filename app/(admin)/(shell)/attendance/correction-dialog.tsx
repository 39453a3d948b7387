"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { AttendanceRecord, CorrectionBody } from "@/console/club-api";
import { addDays, clubClockTime, clubInstant } from "@/console/ui/attendance-format";
import { FormDialog } from "@/console/ui/dialog";
import { type FormFailure, TextAreaField, TextField, textOf, useFormMutation } from "@/console/ui/forms";
import { useAttendanceFormat } from "@/console/ui/use-attendance-format";

/** Business refusals about the day itself land on the Day field. */
const CODE_FIELDS = {
  "AttendanceRequest.WindowExpired": "date",
  "AttendanceRequest.FutureDate": "date",
  "AttendanceRequest.DuplicateOpen": "date",
};

type Draft = { date: string; checkIn: string; checkOut: string; reason: string };

/** A check-out earlier than the check-in is on the next day (an overnight shift). */
const overnight = (draft: Pick<Draft, "checkIn" | "checkOut">) =>
  draft.checkIn !== "" && draft.checkOut !== "" && draft.checkOut < draft.checkIn;

/** Without a day and both times there are no instants to send. */
function missingTimes(draft: Draft, words: { missing: string; required: string }): FormFailure | null {
  const missing = (["date", "checkIn", "checkOut"] as const).filter((name) => draft[name] === "");
  if (missing.length === 0) return null;
  return {
    message: words.missing,
    fields: Object.fromEntries(missing.map((name) => [name, [words.required]])),
  };
}

/** The request as the API takes it: local times on the club's clocks become instants. */
function bodyOf(draft: Draft, timeZone: string): CorrectionBody {
  const outDay = overnight(draft) ? addDays(draft.date, 1) : draft.date;
  return {
    date: draft.date,
    checkIn: clubInstant(draft.date, draft.checkIn, timeZone),
    checkOut: clubInstant(outDay, draft.checkOut, timeZone),
    reason: draft.reason,
  };
}

/**
 * Asks a manager to correct one of the user's days with the times they really came and left. Times are
 * the club's (its time zone); a check-out earlier than the check-in is taken as the next day.
 */
export function CorrectionDialog({
  date,
  record,
  today,
  onClose,
  onDone,
}: {
  date: string;
  record: AttendanceRecord | undefined;
  today: string;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const t = useTranslations("attendance.correction");
  const format = useAttendanceFormat();
  const { timeZone } = format;
  const api = useConsoleApi();
  const [draft, setDraft] = useState<Draft>({
    date,
    checkIn: record?.checkInAt ? clubClockTime(record.checkInAt, timeZone) : "",
    checkOut: record?.checkOutAt ? clubClockTime(record.checkOutAt, timeZone) : "",
    reason: "",
  });
  const form = useFormMutation((input: Draft) => api.attendanceRequests.submit(bodyOf(input, timeZone)), {
    codeFields: CODE_FIELDS,
    precheck: (draft) => missingTimes(draft, { missing: t("missing"), required: t("required") }),
    onSuccess: (request) => onDone(t("sent", { date: format.longDate(request.date) })),
  });
  const edit = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  return (
    <FormDialog
      title={t("title")}
      labels={{
        date: t("labels.date"),
        checkIn: t("labels.checkIn"),
        checkOut: t("labels.checkOut"),
        reason: t("labels.reason"),
      }}
      form={form}
      onClose={onClose}
      submitLabel={t("send")}
      pendingLabel={t("sending")}
      onSubmit={(data) => form.submit({ ...draft, reason: textOf(data, "reason") })}
    >
      <p className="dialog-body muted">{t("lead", { timeZone })}</p>
      <TextField
        name="date"
        type="date"
        max={today}
        min={addDays(today, -7)}
        value={draft.date}
        onChange={(event) => edit({ date: event.target.value })}
        hint={t("dateHint")}
      />
      <div className="form-row">
        <TextField
          name="checkIn"
          type="time"
          value={draft.checkIn}
          onChange={(event) => edit({ checkIn: event.target.value })}
        />
        <TextField
          name="checkOut"
          type="time"
          value={draft.checkOut}
          onChange={(event) => edit({ checkOut: event.target.value })}
        />
      </div>
      {overnight(draft) && draft.date !== "" ? (
        <p className="notice" role="status">
          {t("overnight", { date: format.longDate(addDays(draft.date, 1)) })}
        </p>
      ) : (
        <p className="field-hint correction-note">{t("overnightHint")}</p>
      )}
      <TextAreaField name="reason" rows={3} maxLength={500} hint={t("reasonHint")} />
    </FormDialog>
  );
}
