/**
 * Inngest's timer event a day from now: a schedule slot of its own for every job (each cron fires at least daily), so
 * a run with it is not skipped as a repeat of the slot a test just ran (lib/jobs/run.ts claims each slot once).
 */
export function nextSlotEvent() {
  return { name: "inngest/scheduled.timer", data: {}, ts: Date.now() + 86_400_000 };
}
