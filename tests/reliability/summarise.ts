/**
 * `npx tsx tests/reliability/summarise.ts races <vitest json report>` records the race results;
 * `npx tsx tests/reliability/summarise.ts pattern` prints the vitest -t pattern of the races;
 * `npx tsx tests/reliability/summarise.ts` prints the figures of every results/*.json (docs/reliability.md).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { RACES, racePattern } from "./races";
import { RESULTS_DIR, recordResults } from "./support/results";

type VitestReport = {
  testResults: { name: string; assertionResults: { title: string; status: string; duration?: number }[] }[];
};

function recordRaces(reportFile: string): void {
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as VitestReport;
  const rows = RACES.map((race) => {
    const file = report.testResults.find((result) => path.relative(process.cwd(), result.name) === race.file);
    const test = file?.assertionResults.find((assertion) => assertion.title === race.test);
    return {
      race: race.race,
      test: `${race.file} › ${race.test}`,
      status: test?.status ?? "not run",
      durationMs: Math.round(test?.duration ?? 0),
    };
  });
  recordResults("races", { held: rows.filter((row) => row.status === "passed").length, of: rows.length, races: rows });
  if (rows.some((row) => row.status !== "passed")) {
    console.error(rows.filter((row) => row.status !== "passed"));
    process.exit(1);
  }
}

/** The figures each results file holds, as far as the summary reads them. */
type ResultFigures = {
  races: { held: number; of: number };
  fuzz: {
    requests: number;
    operations: number;
    serverErrors: number;
    shapeViolations: number;
    stateChangesOnRejection: number;
    rejectedWrites: number;
  };
  faults: {
    postgresOutage?: { slowestMs: number; timeoutBoundMs: number };
    analyticsOutage?: { lost: number };
    smtpOutage?: { lost: number };
    s3Outage?: { orphanRows: number; orphanObjects: number };
  };
  security: { tokenMatrix?: { refusedAsDocumented: number; operations: number } };
};

function read<Name extends keyof ResultFigures>(name: Name): { figures: ResultFigures[Name] } | undefined {
  const file = path.join(RESULTS_DIR, `${name}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}

function printSummary(): void {
  const races = read("races")?.figures;
  const fuzz = read("fuzz")?.figures;
  const faults = read("faults")?.figures;
  const security = read("security")?.figures;
  const lines = [
    ["races held", races ? `${races.held} of ${races.of}` : "—"],
    ["fuzzed requests", fuzz ? `${fuzz.requests} over ${fuzz.operations} operations` : "—"],
    ["5xx answers while fuzzing", fuzz ? String(fuzz.serverErrors) : "—"],
    ["error bodies off the documented shape", fuzz ? String(fuzz.shapeViolations) : "—"],
    ["rejected writes that changed state", fuzz ? `${fuzz.stateChangesOnRejection} of ${fuzz.rejectedWrites}` : "—"],
    ["faults survived (no 5xx, recovery, nothing lost)", faults ? `${Object.keys(faults).length} of 5` : "—"],
    [
      "slowest 503 while PostgreSQL was down",
      faults?.postgresOutage
        ? `${faults.postgresOutage.slowestMs} ms (bound ${faults.postgresOutage.timeoutBoundMs} ms + 1 s)`
        : "—",
    ],
    [
      "lost rows (audit outbox, mail)",
      faults ? String((faults.analyticsOutage?.lost ?? 0) + (faults.smtpOutage?.lost ?? 0)) : "—",
    ],
    [
      "orphan file rows/objects after S3 outage",
      faults ? `${faults.s3Outage?.orphanRows ?? "—"}/${faults.s3Outage?.orphanObjects ?? "—"}` : "—",
    ],
    [
      "token matrix requests refused as documented",
      security ? `${security.tokenMatrix?.refusedAsDocumented} on ${security.tokenMatrix?.operations} operations` : "—",
    ],
  ];
  const width = Math.max(...lines.map(([label]) => label!.length));
  console.log("\nReliability figures (tests/reliability/results/*.json):");
  for (const [label, value] of lines) console.log(`  ${label!.padEnd(width)}  ${value}`);
}

const [command, argument] = process.argv.slice(2);
if (command === "pattern") console.log(racePattern());
else if (command === "races" && argument) recordRaces(argument);
else printSummary();
