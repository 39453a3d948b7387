"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useTimeZone, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { JobOutcome, JobSummary } from "@/console/club-api";
import { useClubFormat } from "@/console/i18n/club-format";
import { clubToday } from "@/console/ui/attendance-format";
import { LoadError, SkeletonCard } from "@/console/ui/feedback";
import { formFailureOf, useFailureText } from "@/console/ui/forms";
import { type JobMessages, type JobWords, jobWordsOf, scheduleOf } from "./job-words";

function Outcome({ words, outcome, finishedAt }: { words: JobWords; outcome: JobOutcome; finishedAt: string }) {
  const t = useTranslations("system.jobs");
  const format = useClubFormat();
  return (
    <div className="job-outcome" role="status">
      <p className="job-outcome-title">{t("completedAt", { time: format.time(finishedAt) })}</p>
      <p className="job-outcome-result">{words.result(outcome)}</p>
    </div>
  );
}

/** One job: what it does in words, when it runs next, and a button that runs it now (with the day, for a backfill). */
function JobItem({ job, today }: { job: JobSummary; today: string }) {
  const t = useTranslations("system.jobs");
  const list = useTranslations("system.jobs.list");
  const format = useClubFormat();
  const failureText = useFailureText();
  const api = useConsoleApi();
  const dateId = useId();
  const titleId = useId();
  const [date, setDate] = useState("");
  const [finishedAt, setFinishedAt] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: (day: string) => api.jobs.run(job.name, day ? { date: day } : {}),
  });
  const words = jobWordsOf(
    { has: (key) => list.has(key as never), text: list as unknown as JobMessages["text"] },
    job.name,
    format,
  );
  const title = words.title ?? job.name;
  const schedule = scheduleOf(job.cron);
  return (
    <li className="job" aria-labelledby={titleId}>
      <div className="job-main">
        <h3 id={titleId} className="job-title">
          {title}
        </h3>
        <p className="job-description">{words.description ?? job.description}</p>
        <p className="job-schedule">
          {t(schedule.kind, schedule.values)} · {t("nextRun", { when: format.dateTime(job.nextRunAt) })}
        </p>
        <p className="job-code">
          <code>{t("code", { name: job.name })}</code>
        </p>
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
              {t("day")}
              <span className="visually-hidden"> {t("dayFor", { job: title })}</span>
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
              {t("dayHint")}
            </p>
          </div>
        )}
        <button type="submit" className="button" disabled={run.isPending} aria-busy={run.isPending || undefined}>
          {run.isPending ? t("running") : t("runNow")}
          <span className="visually-hidden">{t("which", { job: title })}</span>
        </button>
      </form>
      {run.isPending && (
        <div className="job-progress" role="status">
          <progress className="progress" aria-label={t("progress", { job: title })} />
          <span>
            {date
              ? t("runningFor", { job: title, date: format.calendarDate(date) })
              : t("runningNamed", { job: title })}
          </span>
        </div>
      )}
      {run.isError && (
        <div className="error-summary job-error" role="alert">
          <p className="error-summary-title">{failureText(formFailureOf(run.error))}</p>
        </div>
      )}
      {run.isSuccess && finishedAt && <Outcome words={words} outcome={run.data.outcome} finishedAt={finishedAt} />}
    </li>
  );
}

/** The background jobs, for operators (`jobs:run`): each can be run now, under the same lock as its schedule. */
export function JobsCard() {
  const t = useTranslations("system.jobs");
  const api = useConsoleApi();
  const timeZone = useTimeZone() ?? "UTC";
  const failureText = useFailureText();
  const [today] = useState(() => clubToday(timeZone));
  const jobs = useQuery({ queryKey: ["jobs"], queryFn: api.jobs.list });
  return (
    <section className="card jobs-card" aria-labelledby="jobs-heading">
      <h2 id="jobs-heading">{t("title")}</h2>
      <p className="muted jobs-lead">{t("lead", { timeZone })}</p>
      {jobs.isPending ? (
        <SkeletonCard className="jobs-skeleton" label={t("loading")} lines={6} />
      ) : jobs.isError ? (
        <LoadError message={failureText(formFailureOf(jobs.error))} onRetry={() => void jobs.refetch()} />
      ) : (
        <ul className="job-list">
          {jobs.data.items.map((job) => (
            <JobItem key={job.name} job={job} today={today} />
          ))}
        </ul>
      )}
    </section>
  );
}
