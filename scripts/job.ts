// `npm run job -- <name> [--date YYYY-MM-DD]`: runs one job now (backfills, operations).
import { parseArgs } from "node:util";
import { findJob, JOBS, processDailyAttendanceJob } from "@/lib/jobs/definitions";
import { runJobExclusively } from "@/lib/jobs/run";
import { platform, stopPlatform } from "@/lib/platform/container";

/** Short names for the jobs operators run by hand (`npm run job -- attendance --date 2026-11-20`). */
const ALIASES = new Map([["attendance", processDailyAttendanceJob.name]]);

const { positionals, values } = parseArgs({ allowPositionals: true, options: { date: { type: "string" } } });
const name = positionals[0] ?? "";
const job = findJob(ALIASES.get(name) ?? name);
if (!job) {
  const aliases = [...ALIASES].map(([alias, target]) => `${alias} (${target})`).join(", ");
  console.error(
    `usage: npm run job -- <name> [--date YYYY-MM-DD]\njobs: ${JOBS.map((j) => j.name).join(", ")}\naliases: ${aliases}`,
  );
  process.exit(2);
}
// Date rolls 2026-02-30 over to 2 March: a date that does not come back unchanged does not exist.
const isCalendarDate = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value
  );
};
if (values.date !== undefined && !isCalendarDate(values.date)) {
  console.error("--date must be an existing date, YYYY-MM-DD");
  process.exit(2);
}

try {
  const run = await runJobExclusively(await platform(), job, { date: values.date });
  console.log(JSON.stringify({ job: job.name, ...run }));
  process.exitCode = run.status === "completed" ? 0 : 1;
} finally {
  await stopPlatform();
}
