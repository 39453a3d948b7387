"use client";

import "client-only";

import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import type { CheckEvent, CheckinSource, ClockBody, ClockOut, ClockState } from "@/console/club-api";
import { ApiError } from "@/console/transport";
import {
  CHECKIN_SOURCE_LABELS,
  clubToday,
  formatClubTime,
  formatClubTimeOn,
  formatElapsed,
  formatHours,
} from "./attendance-format";
import { LoadError, SkeletonCard, StatusMessage } from "./feedback";
import { ChoiceFieldset, ConsoleForm, formFailureOf, TextAreaField, useFormMutation } from "./forms";

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

const LABELS = { source: "Source", note: "Note" };
/** Refusals that mean the card showed an outdated state: it reloads it. */
const STALE_STATE = new Set(["Checkin.AlreadyClockedIn", "Checkin.NoActiveCheckin"]);

type Clocking = { direction: "in"; body: ClockBody } | { direction: "out"; body: ClockBody };

/**
 * A clock-in/clock-out button with the current state and the time elapsed since clocking in. The server's
 * clock sets the time of every event; the card only says where it came from (the source) and, for a Manual
 * entry, why (the note the API requires).
 */
export function ClockCard({
  title,
  subject,
  state,
  stateKey,
  clockIn,
  clockOut,
  sources,
  timeZone,
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
  timeZone: string;
  /** Why clocking is not possible at all (an inactive employee). */
  unavailable?: string;
}) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<CheckinSource>(sources[0] ?? "Manual");
  const [note, setNote] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const clockedIn = state.data?.clockedIn === true;
  const now = useNow(clockedIn, 1000);

  const form = useFormMutation(
    async (clocking: Clocking): Promise<CheckEvent | ClockOut> => {
      const run = clocking.direction === "in" ? clockIn : clockOut;
      if (!run) throw new ApiError(403, "Auth.Forbidden", "You may not do that.");
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
        const at = formatClubTime(event.occurredAt, timeZone);
        setNotice(
          "checkIn" in event
            ? `Clocked out at ${at} after ${formatHours((Date.parse(event.occurredAt) - Date.parse(event.checkIn.occurredAt)) / 3_600_000)}.`
            : `Clocked in at ${at}.`,
        );
        return queryClient.invalidateQueries({ queryKey: stateKey });
      },
    },
  );

  if (state.isPending) return <SkeletonCard label="Loading the clock…" lines={4} />;
  if (!state.data) {
    return (
      <section className="card" aria-labelledby={headingId}>
        <h2 id={headingId}>{title}</h2>
        <LoadError message={formFailureOf(state.error).message} onRetry={() => void state.refetch()} />
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
                  {subject ? `${subject}: clocked` : "Clocked"} in since{" "}
                  {formatClubTimeOn(checkIn.occurredAt, clubToday(timeZone), timeZone)}
                </p>
                <p className="clock-elapsed">
                  <span className="visually-hidden">Time since clock-in: </span>
                  <span className="clock-elapsed-value">{formatElapsed(now - Date.parse(checkIn.occurredAt))}</span>
                </p>
              </>
            ) : (
              <>
                <p className="clock-state">{subject ? `${subject}: not clocked in` : "Not clocked in"}</p>
                <p className="muted clock-hint">
                  {unavailable ?? "The server's clock sets the time when the button is pressed."}
                </p>
              </>
            )}
          </div>
        </div>
        {!unavailable && may && (
          <ConsoleForm
            labels={LABELS}
            failure={form.failure}
            className="clock-form"
            onSubmit={() => {
              const body = { source, note: source === "Manual" || note.trim() ? note.trim() : undefined };
              form.submit(clockedIn ? { direction: "out", body } : { direction: "in", body });
            }}
          >
            {sources.length > 1 && (
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
                      <span>{CHECKIN_SOURCE_LABELS[option]}</span>
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
                hint="Required for a manual entry: say why the clock is set by hand. Kept in the audit trail."
              />
            )}
            <button
              type="submit"
              className={clockedIn ? "button clock-button clock-button-out" : "button button-primary clock-button"}
              disabled={form.pending}
              aria-busy={form.pending || undefined}
            >
              {form.pending ? (clockedIn ? "Clocking out…" : "Clocking in…") : clockedIn ? "Clock out" : "Clock in"}
            </button>
          </ConsoleForm>
        )}
      </div>
    </section>
  );
}
