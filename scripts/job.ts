// `npm run job -- <name> [--date YYYY-MM-DD]`: runs one job now (backfills, operations).
import { parseArgs } from "node:util";
import { findJob, JOBS } from "@/lib/jobs/definitions";
import { runJobExclusively } from "@/lib/jobs/run";
import { platform, stopPlatform } from "@/lib/platform/container";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { date: { type: "string" } } });
const job = findJob(positionals[0] ?? "");
if (!job) {
  console.error(`usage: npm run job -- <name> [--date YYYY-MM-DD]\njobs: ${JOBS.map((j) => j.name).join(", ")}`);
  process.exit(2);
}
if (values.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) {
  console.error("--date must be YYYY-MM-DD");
  process.exit(2);
}

try {
  const run = await runJobExclusively(await platform(), job, { date: values.date });
  console.log(JSON.stringify({ job: job.name, ...run }));
  process.exitCode = run.status === "completed" ? 0 : 1;
} finally {
  await stopPlatform();
}
