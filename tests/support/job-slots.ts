/**
 * Inngest's timer event `daysAhead` days from now: a schedule slot no other test takes (each job's cron fires at
 * least daily, and the run's Redis keeps the slots other test files claimed today), so the run is not skipped as a
 * repeat of a slot already run (lib/jobs/run.ts claims each slot once).
 */
export function slotEvent(daysAhead: number) {
  return { name: "inngest/scheduled.timer", data: {}, ts: Date.now() + daysAhead * 86_400_000 };
}
