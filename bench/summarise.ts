// Rewrites the measured table of docs/performance.md from bench/results/*.json, beside the figures kept in
// bench/results/node20/ (the last run on Node.js 20, before the move to Node.js 24).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Figure } from "./results-file";

type Results = {
  name: string;
  measuredAt: string;
  machine: { cpus: number; cpuModel: string };
  versions?: { node?: string };
  setup: Record<string, string | number>;
  figures: Figure[];
};

const resultsDir = path.join(process.cwd(), "bench", "results");
const earlierDir = path.join(resultsDir, "node20");

function readResults(dir: string): Results[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Results);
}

const figureKey = (result: Results, figure: Figure) => `${result.name}\n${figure.name}`;
const earlier = new Map(
  readResults(earlierDir).flatMap((result) => result.figures.map((figure) => [figureKey(result, figure), figure])),
);

const amount = (figure: Figure) => `${figure.measured.toLocaleString("en")} ${figure.unit}`;

const verdict = (figure: Figure) => {
  if (!figure.target) return "—";
  const { op, value } = figure.target;
  const met = op === "<" ? figure.measured < value : figure.measured >= value;
  return `${op} ${value.toLocaleString("en")} ${figure.unit}: ${met ? "met" : "**missed**"} (×${(figure.measured / value).toFixed(2)})`;
};

/** Node 24's figure over Node 20's: above 1 is more of it (better for a rate, worse for a latency). */
const ratio = (now: Figure, before: Figure | undefined) =>
  before && before.measured !== 0 ? `×${(now.measured / before.measured).toFixed(2)}` : "—";

const rows = readResults(resultsDir).flatMap((result) =>
  result.figures.map((figure) => {
    const before = earlier.get(figureKey(result, figure));
    const setup = Object.entries(result.setup)
      .map(([k, v]) => `${k}=${v}`)
      .join(", ");
    return `| ${result.name} | ${figure.name} | ${amount(figure)} | ${before ? amount(before) : "—"} | ${ratio(figure, before)} | ${verdict(figure)} | ${setup} | ${result.measuredAt.slice(0, 10)}, ${result.versions?.node ?? "?"}, ${result.machine.cpus} cores |`;
  }),
);
const table = [
  "| benchmark | figure | Node 24 | Node 20 | 24 / 20 | target (Node 24) | setup | when, Node, where |",
  "|---|---|---|---|---|---|---|---|",
  ...rows,
].join("\n");

const docPath = path.join(process.cwd(), "docs", "performance.md");
const doc = readFileSync(docPath, "utf8");
const start = "<!-- results:start -->";
const end = "<!-- results:end -->";
const updated = `${doc.slice(0, doc.indexOf(start) + start.length)}\n${table}\n${doc.slice(doc.indexOf(end))}`;
writeFileSync(docPath, updated);
console.log(table);
