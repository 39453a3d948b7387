"use client";

import "client-only";

import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import type { CheckEvent, CheckinSource, ClockBody, ClockOut, ClockState } from "@/console/club-api";
import { ApiError } from "@/console/transport";
import { formatElapsed } from "./attendance-format";
import { LoadError, SkeletonCard, StatusMessage } from "./feedback";
import { ChoiceFieldset, ConsoleForm, formFailureOf, TextAreaField, useFailureText, useFormMutation } from "./forms";
import { useAttendanceFormat } from "./use-attendance-format";

/** The current time, ticking every `intervalMs` while `running`. */
function useNow(running: boolean, intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [running, intervalMs]);
  return now;
}

/** What the card needs of the clock-state query (the page owns it: it also tells whether the user is an employee). */
export type ClockQuery = {
  data: ClockState | undefined;
  error: Error | null;
  isPending: boolean;
  refetch: () => unknown;
};

/** Refusals that mean the card showed an outdated state: it reloads it. */
const STALE_STATE = new Set(["Checkin.AlreadyClockedIn", "Checkin.NoActiveCheckin"]);

type Clocking = { direction: "in"; body: ClockBody } | { direction: "out"; body: ClockBody };

/**
 * A clock-in/clock-out button with the current state and the time elapsed since clocking in. The server's clock sets
 * the time of every event; the card says where it comes from. With one source (the user's own clock on the web:
 * entered by hand, as the API has no web source) it says so and fills in the note the API requires; HR chooses
 * between several and writes why.
 */
export function ClockCard({
  title,
  subject,
  state,
  stateKey,
  clockIn,
  clockOut,
  sources,
  unavailable,
}: {
  title: string;
  /** Whose clock, for HR ("Eve Employee"); the signed-in user's own when absent. */
  subject?: string;
  state: ClockQuery;
  stateKey: QueryKey;
  /** Absent when the user may not clock in (or out). */
  clockIn?: (body: ClockBody) => Promise<CheckEvent>;
  clockOut?: (body: ClockBody) => Promise<ClockOut>;
  sources: readonly CheckinSource[];
  /** Why clocking is not possible at all (an inactive employee). */
  unavailable?: string;
}) {
  const t = useTranslations("attendance.clock");
  const format = useAttendanceFormat();
  const failureText = useFailureText();
  const headingId = useId();
  const queryClient = useQueryClient();
  const fixedSource = sources.length === 1;
  const [source, setSource] = useState<CheckinSource>(sources[0] ?? "Manual");
  const [note, setNote] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const clockedIn = state.data?.clockedIn === true;
  const now = useNow(clockedIn, 1000);

  const form = useFormMutation(
    async (clocking: Clocking): Promise<CheckEvent | ClockOut> => {
      const run = clocking.direction === "in" ? clockIn : clockOut;
      if (!run) throw new ApiError(403, "Auth.Forbidden", t("forbidden"));
      try {
        return await run(clocking.body);
      } catch (error) {
        if (error instanceof ApiError && error.code && STALE_STATE.has(error.code))
          void queryClient.invalidateQueries({ queryKey: stateKey });
        throw error;
      }
    },
    {
      onSuccess: (event) => {
        setNote("");
        const time = format.time(event.occurredAt);
        setNotice(
          "checkIn" in event
            ? t("clockedOut", {
                time,
                duration: format.hours(
                  (Date.parse(event.occurredAt) - Date.parse(event.checkIn.occurredAt)) / 3_600_000,
                ),
              })
            : t("clockedIn", { time }),
        );
        return queryClient.invalidateQueries({ queryKey: stateKey });
      },
    },
  );

  if (state.isPending) return <SkeletonCard label={t("loading")} lines={4} />;
  if (!state.data) {
    return (
      <section className="card" aria-labelledby={headingId}>
        <h2 id={headingId}>{title}</h2>
        <LoadError message={failureText(formFailureOf(state.error))} onRetry={() => void state.refetch()} />
      </section>
    );
  }

  const checkIn = state.data.checkIn;
  const may = clockedIn ? clockOut !== undefined : clockIn !== undefined;
  return (
    <section className="card clock-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {notice && <StatusMessage onDismiss={() => setNotice(null)}>{notice}</StatusMessage>}
      <div className="clock-body">
        <div className="clock-status" data-state={clockedIn ? "in" : "out"}>
          <span className="clock-dot" aria-hidden="true" />
          <div>
            {checkIn ? (
              <>
                <p className="clock-state">
                  {subject
                    ? t("subjectClockedInSince", {
                        name: subject,
                        time: format.timeOn(checkIn.occurredAt, format.today()),
                      })
                    : t("clockedInSince", { time: format.timeOn(checkIn.occurredAt, format.today()) })}
                </p>
                <p className="clock-elapsed">
                  <span className="visually-hidden">{t("elapsed")} </span>
                  <span className="clock-elapsed-value">{formatElapsed(now - Date.parse(checkIn.occurredAt))}</span>
                </p>
              </>
            ) : (
              <>
                <p className="clock-state">
                  {subject ? t("subjectNotClockedIn", { name: subject }) : t("notClockedIn")}
                </p>
                <p className="muted clock-hint">{unavailable ?? t("serverTime")}</p>
              </>
            )}
          </div>
        </div>
        {!unavailable && may && (
          <ConsoleForm
            labels={{ source: t("source"), note: t("note") }}
            failure={form.failure}
            className="clock-form"
            onSubmit={() => {
              // The API wants a note on a time entered by hand; the user's own web clock says where it came from.
              const typed = note.trim() || (fixedSource ? t("webNote") : "");
              const body = { source, note: typed || undefined };
              form.submit(clockedIn ? { direction: "out", body } : { direction: "in", body });
            }}
          >
            {fixedSource ? (
              <p className="muted clock-source">{t("recordedAs", { source: format.source(source) })}</p>
            ) : (
              <ChoiceFieldset name="source">
                <div className="radio-row">
                  {sources.map((option) => (
                    <label key={option} className="checkbox">
                      <input
                        type="radio"
                        name="source"
                        value={option}
                        checked={source === option}
                        onChange={() => setSource(option)}
                      />
                      <span>{format.source(option)}</span>
                    </label>
                  ))}
                </div>
              </ChoiceFieldset>
            )}
            {source === "Manual" && (
              <TextAreaField
                name="note"
                rows={2}
                maxLength={500}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                hint={fixedSource ? t("noteOptional") : t("noteHint")}
              />
            )}
            <button
              type="submit"
              className={clockedIn ? "button clock-button clock-button-out" : "button button-primary clock-button"}
              disabled={form.pending}
              aria-busy={form.pending || undefined}
            >
              {form.pending ? t(clockedIn ? "clockingOut" : "clockingIn") : t(clockedIn ? "clockOut" : "clockIn")}
            </button>
          </ConsoleForm>
        )}
      </div>
    </section>
  );
}
