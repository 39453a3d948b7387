"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { JobOutcome, JobSummary } from "@/console/club-api";
import { formatCount } from "@/console/format";
import { clubToday, formatClubTime } from "@/console/ui/attendance-format";
import { LoadError, SkeletonCard } from "@/console/ui/feedback";
import { formFailureOf } from "@/console/ui/forms";

const two = (value: string) => value.padStart(2, "0");

/** A schedule in words where it is a simple one ("Every day at 03:00, Europe/Madrid"), else the cron expression. */
function describeSchedule(cron: string): string {
  const zone = /^TZ=(\S+)\s+/.exec(cron);
  const expression = zone ? cron.slice(zone[0].length) : cron;
  const where = zone ? `, ${zone[1]}` : "";
  if (expression === "* * * * *") return "Every minute";
  const hourly = /^(\d{1,2}) \* \* \* \*$/.exec(expression);
  if (hourly?.[1]) return `Every hour at :${two(hourly[1])}`;
  const daily = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(expression);
  if (daily?.[1] && daily[2]) return `Every day at ${two(daily[2])}:${two(daily[1])}${where}`;
  return `cron ${cron}`;
}

/** "skippedRegularized" → "Skipped regularized". */
const wordsOf = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const shownValue = (value: JobOutcome[string]) =>
  typeof value === "number" ? formatCount(value) : typeof value === "boolean" ? (value ? "Yes" : "No") : value;

function Outcome({ outcome, finishedAt, timeZone }: { outcome: JobOutcome; finishedAt: string; timeZone: string }) {
  const entries = Object.entries(outcome);
  return (
    <div className="job-outcome" role="status">
      <p className="job-outcome-title">Completed at {formatClubTime(finishedAt, timeZone)}</p>
      {entries.length > 0 ? (
        <dl className="job-outcome-values">
          {entries.map(([key, value]) => (
            <div key={key}>
              <dt>{wordsOf(key)}</dt>
              <dd>{shownValue(value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">Nothing to report.</p>
      )}
    </div>
  );
}

/** One job: what it does, when it runs, and a button that runs it now (with the day to process, for a backfill). */
function JobItem({ job, today, timeZone }: { job: JobSummary; today: string; timeZone: string }) {
  const api = useConsoleApi();
  const dateId = useId();
  const [date, setDate] = useState("");
  const run = useMutation({
    mutationFn: (day: string) => api.jobs.run(job.name, day ? { date: day } : {}),
  });
  const [finishedAt, setFinishedAt] = useState<string | null>(null);
  return (
    <li className="job" aria-label={job.name}>
      <div className="job-main">
        <p className="job-name">
          <code>{job.name}</code>
        </p>
        <p className="job-description">{job.description}</p>
        <p className="job-schedule">{describeSchedule(job.cron)}</p>
      </div>
      <form
        className="job-run"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setFinishedAt(null);
          run.mutate(date, { onSuccess: () => setFinishedAt(new Date().toISOString()) });
        }}
      >
        {job.acceptsDate && (
          <div className="field">
            <label htmlFor={dateId}>
              Day to process<span className="visually-hidden"> by {job.name}</span>
            </label>
            <input
              id={dateId}
              className="input"
              type="date"
              max={today}
              value={date}
              aria-describedby={`${dateId}-hint`}
              onChange={(event) => setDate(event.target.value)}
            />
            <p id={`${dateId}-hint`} className="field-hint">
              Empty: yesterday.
            </p>
          </div>
        )}
        <button
          type="submit"
          className="button"
          aria-label={`Run ${job.name} now`}
          disabled={run.isPending}
          aria-busy={run.isPending || undefined}
        >
          {run.isPending ? "Running…" : "Run now"}
        </button>
      </form>
      {run.isPending && (
        <div className="job-progress" role="status">
          <progress className="progress" aria-label={`${job.name} progress`} />
          <span>
            Running {job.name}
            {date ? ` for ${date}` : ""}…
          </span>
        </div>
      )}
      {run.isError && (
        <div className="error-summary job-error" role="alert">
          <p className="error-summary-title">{formFailureOf(run.error).message}</p>
        </div>
      )}
      {run.isSuccess && finishedAt && (
        <Outcome outcome={run.data.outcome} finishedAt={finishedAt} timeZone={timeZone} />
      )}
    </li>
  );
}

/** The background jobs, for operators (`jobs:run`): each can be run now, under the same lock as its schedule. */
export function JobsCard({ timeZone }: { timeZone: string }) {
  const api = useConsoleApi();
  const [today] = useState(() => clubToday(timeZone));
  const jobs = useQuery({ queryKey: ["jobs"], queryFn: api.jobs.list });
  return (
    <section className="card jobs-card" aria-labelledby="jobs-heading">
      <h2 id="jobs-heading">Background jobs</h2>
      <p className="muted jobs-lead">
        They run on their own schedule. Run one now to catch up, or to classify a past day&apos;s attendance again. A
        job already running (here or on another instance) is not started twice.
      </p>
      {jobs.isPending ? (
        <SkeletonCard className="jobs-skeleton" label="Loading the jobs…" lines={6} />
      ) : jobs.isError ? (
        <LoadError message={formFailureOf(jobs.error).message} onRetry={() => void jobs.refetch()} />
      ) : (
        <ul className="job-list">
          {jobs.data.items.map((job) => (
            <JobItem key={job.name} job={job} today={today} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}
