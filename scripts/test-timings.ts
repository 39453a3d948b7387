// `npx tsx scripts/test-timings.ts DIR`, at the end of scripts/test.sh: each lane's wall time beside its budget (from
// DIR/lanes.tsv, written by `lane` in scripts/lib.sh), then the ten slowest files of each vitest run and of the
// Playwright run that left a JSON report in DIR (for Playwright the time its tests took in their worker). Prints, never fails: the budgets are for people to watch (docs/performance.md, "Test suite time").
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

type VitestReport = { testResults: { name: string; startTime: number; endTime: number }[] };
/** What Playwright's JSON reporter writes: suites nest (describe blocks); each test has its results' durations. */
type PlaywrightSuite = {
  file: string;
  specs: { tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
};

const dir = process.argv[2] ?? "";
if (!dir) throw new Error("usage: test-timings.ts DIR");

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

function laneTable(): string[] {
  const rows = readFileSync(path.join(dir, "lanes.tsv"), "utf8")
    .trim()
    .split("\n")
    .map((line) => line.split("\t"))
    .map(([name = "", budget = "0", seconds = "0", status = "0"]) => ({
      name,
      budget: Number(budget) * 60,
      seconds: Number(seconds),
      failed: status !== "0",
    }));
  const lines = rows.map(
    (row) =>
      `${row.name.padEnd(28)} ${minutes(row.seconds).padStart(6)} ${minutes(row.budget).padStart(7)}  ${
        row.failed ? "failed" : row.seconds > row.budget ? "over budget" : ""
      }`,
  );
  return [`${"lane".padEnd(28)} ${"wall".padStart(6)} ${"budget".padStart(7)}`, ...lines];
}

/** Milliseconds a Playwright suite's tests took, nested suites included (a worker's time, not wall time). */
const suiteMs = (suite: PlaywrightSuite): number =>
  suite.specs.flatMap((spec) => spec.tests.flatMap((test) => test.results)).reduce((sum, r) => sum + r.duration, 0) +
  (suite.suites ?? []).reduce((sum, inner) => sum + suiteMs(inner), 0);

function fileSeconds(report: unknown): { name: string; seconds: number }[] {
  if (report && typeof report === "object" && "testResults" in report)
    return (report as VitestReport).testResults.map((file) => ({
      name: path.relative(process.cwd(), file.name),
      seconds: (file.endTime - file.startTime) / 1000,
    }));
  return (report as { suites: PlaywrightSuite[] }).suites.map((suite) => ({
    name: `e2e/${suite.file}`,
    seconds: suiteMs(suite) / 1000,
  }));
}

function slowestFiles(report: string): string[] {
  return fileSeconds(JSON.parse(readFileSync(path.join(dir, report), "utf8")))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10)
    .map((file) => `  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name}`);
}

const reports = readdirSync(dir).filter((file) => file.endsWith(".json"));
console.log(
  [
    "Test suite time (docs/performance.md):",
    ...laneTable(),
    ...reports.flatMap((report) => ["", `slowest files, ${path.basename(report, ".json")}:`, ...slowestFiles(report)]),
  ].join("\n"),
);
