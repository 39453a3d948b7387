import { Cron } from "croner";
import { recordAudit } from "@/lib/audit/record";
import { platform } from "@/lib/platform/container";
import { businessError, fail, invalidFields, ok, type Result } from "@/lib/platform/result";
import type { Acting, ServiceContext } from "@/lib/services/context";
import { findJob, JOBS, type JobArgs, type JobOutcome, scheduleOf } from "./definitions";
import { runJobExclusively } from "./run";

export const JobErrors = {
  notFound: businessError("Job.NotFound", "not_found", "No background job has that name."),
  alreadyRunning: businessError(
    "Job.AlreadyRunning",
    "conflict",
    "The job is running right now (here or on another instance); try again when it ends.",
  ),
} as const;

export type JobSummary = {
  name: string;
  description: string;
  cron: string;
  acceptsDate: boolean;
  /** The next scheduled start after `now`, as an instant. */
  nextRunAt: string;
};

/** When a job's schedule next fires after `now`, on the club's clock (the same croner the embedded scheduler uses). */
function nextRunOf(cron: string, timeZone: string, now: Date): string {
  const next = new Cron(cron, { timezone: timeZone, paused: true }).nextRun(now);
  if (!next) throw new Error(`cron ${cron} never fires`);
  return next.toISOString();
}

/** The recurring jobs an operator may run now, with their schedules on the club's clock and their next start. */
export function listJobs(timeZone: string, now = new Date()): Result<{ items: JobSummary[] }> {
  return ok({
    items: JOBS.map((job) => ({
      name: job.name,
      description: job.description,
      cron: scheduleOf(job, timeZone),
      acceptsDate: job.acceptsDate === true,
      nextRunAt: nextRunOf(job.cron, timeZone, now),
    })),
  });
}

/**
 * Runs a job now, for an operator (e.g. re-classifying a day after fixing clock events), under the same lock as the
 * schedulers so it never runs twice at once. Who asked is audited.
 */
export async function runJobNow(
  ctx: Pick<ServiceContext, "db"> & Acting,
  name: string,
  args: JobArgs,
): Promise<Result<{ job: string; status: "completed"; outcome: JobOutcome }>> {
  const job = findJob(name);
  if (!job) return fail(JobErrors.notFound);
  if (args.date !== undefined && !job.acceptsDate)
    return fail(invalidFields({ date: [`${job.name} does not take a date.`] }));
  await recordAudit(ctx.db, {
    action: "jobs.run_requested",
    severity: "Info",
    actorId: ctx.actor.id,
    entity: "job",
    entityId: job.name,
    data: { ...args },
  });
  // Jobs run on the platform itself, as the schedulers run them.
  const run = await runJobExclusively(await platform(), job, args);
  if (run.status === "skipped") return fail(JobErrors.alreadyRunning);
  return ok({ job: job.name, status: run.status, outcome: run.outcome });
}
