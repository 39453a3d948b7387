// `npm run test:contract` (scripts/test-contract.sh): the third-party contract suite. Portman generates a Postman
// collection from the OpenAPI document the production server serves (contract checks on every operation and the
// negative variations of tests/contract/portman-config.json), and newman runs it against that server on the
// PostgreSQL and Redis of DATABASE_URL / REDIS_URL. The summary goes to tests/contract/results/contract.json. Then,
// on the same server, the scripted mobile journey through the generated client (tests/contract/mobile-journey.ts).
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { prepareDatabase, startAppServer, stopProcess, waitUntilAnswering } from "@/bench/servers";
import { runMobileJourney } from "./mobile-journey";
import { seedContractClub } from "./seed";

const run = promisify(execFile);
const HERE = path.dirname(new URL(import.meta.url).pathname);
const bin = (name: string) => path.resolve("node_modules/.bin", name);

type NewmanFailure = { error: { test?: string; message: string }; source?: { name?: string } };
type NewmanReport = {
  run: {
    stats: Record<"requests" | "assertions", { total: number; failed: number }>;
    failures: NewmanFailure[];
    executions: { item: { name: string } }[];
    timings: { started: number; completed: number };
  };
};

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL must name the PostgreSQL server the suite runs on");
await prepareDatabase(url);
// Sign-up open, so its documented 202 is checked (off by default: REGISTRATION_ENABLED).
const { base, server } = await startAppServer("contract", { REGISTRATION_ENABLED: "true" });
const work = mkdtempSync(path.join(tmpdir(), "clubops-contract-"));
try {
  await waitUntilAnswering(`${base}/health/live`);
  const { variables, journey } = await seedContractClub(base);
  const collection = path.join(work, "collection.json");
  const report = path.join(work, "newman.json");
  // Run in the scratch directory: Portman writes its intermediate files under ./tmp.
  await run(
    bin("portman"),
    [
      "--url",
      `${base}/api/openapi.json`,
      "--baseUrl",
      base,
      "--portmanConfigFile",
      path.join(HERE, "portman-config.json"),
      "--output",
      collection,
    ],
    { cwd: work, maxBuffer: 64 * 1024 * 1024 },
  );
  const newman = await run(
    bin("newman"),
    [
      "run",
      collection,
      "--reporters",
      "cli,json",
      "--reporter-json-export",
      report,
      "--reporter-cli-no-success-assertions",
      "--reporter-cli-no-banner",
      ...Object.entries(variables).flatMap(([name, value]) => ["--env-var", `${name}=${value}`]),
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  ).catch((failed: { stdout?: string; stderr?: string }) => failed);
  // Newman's JSON reporter fails on a run whose summary passes 512 MB (hundreds of failures, each with its answer): say
  // so with newman's own words instead of a missing file.
  if (!existsSync(report)) throw new Error(`newman wrote no report:\n${newman.stderr?.slice(-3000) ?? ""}`);
  const { run: result } = JSON.parse(readFileSync(report, "utf8")) as NewmanReport;
  const summary = {
    requests: result.stats.requests.total,
    assertions: result.stats.assertions.total,
    failedAssertions: result.stats.assertions.failed,
    seconds: Math.round((result.timings.completed - result.timings.started) / 1000),
    failures: result.failures.map(
      (failure) => `${failure.source?.name ?? "?"}: ${failure.error.test ?? ""} ${failure.error.message}`,
    ),
  };
  writeFileSync(path.join(HERE, "results", "contract.json"), `${JSON.stringify(summary, null, 2)}\n`);
  if (summary.failedAssertions > 0) {
    console.log(newman.stdout ?? "");
    console.error(summary.failures.join("\n"));
    process.exitCode = 1;
  }
  console.log(
    `contract suite: ${summary.requests} requests, ${summary.assertions} assertions, ${summary.failedAssertions} failed, ${summary.seconds} s`,
  );
  const started = Date.now();
  const steps = await runMobileJourney(base, journey);
  console.log(`mobile journey: ${steps} steps passed, ${Math.round((Date.now() - started) / 1000)} s`);
} finally {
  await stopProcess(server);
  rmSync(work, { recursive: true, force: true });
}
