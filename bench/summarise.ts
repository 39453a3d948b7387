// Rewrites the measured table of docs/performance.md from bench/results/*.json.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Figure } from "./results-file";

type Results = {
  name: string;
  measuredAt: string;
  machine: { cpus: number; cpuModel: string };
  setup: Record<string, string | number>;
  figures: Figure[];
};

const dir = path.join(process.cwd(), "bench", "results");
const results: Results[] = readdirSync(dir)
  .filter((file) => file.endsWith(".json"))
  .sort()
  .map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Results);

const verdict = (figure: Figure) => {
  if (!figure.target) return "—";
  const { op, value } = figure.target;
  const met = op === "<" ? figure.measured < value : figure.measured >= value;
  return `${op} ${value.toLocaleString("en")} ${figure.unit}: ${met ? "met" : "**missed**"} (×${(figure.measured / value).toFixed(2)})`;
};

const rows = results.flatMap((result) =>
  result.figures.map(
    (figure) =>
      `| ${result.name} | ${figure.name} | ${figure.measured.toLocaleString("en")} ${figure.unit} | ${verdict(figure)} | ${Object.entries(
        result.setup,
      )
        .map(([k, v]) => `${k}=${v}`)
        .join(", ")} | ${result.measuredAt.slice(0, 10)}, ${result.machine.cpus} cores |`,
  ),
);
const table = [
  "| benchmark | figure | measured | target | setup | when, where |",
  "|---|---|---|---|---|---|",
  ...rows,
].join("\n");

const docPath = path.join(process.cwd(), "docs", "performance.md");
const doc = readFileSync(docPath, "utf8");
const start = "<!-- results:start -->";
const end = "<!-- results:end -->";
const updated = `${doc.slice(0, doc.indexOf(start) + start.length)}\n${table}\n${doc.slice(doc.indexOf(end))}`;
writeFileSync(docPath, updated);
console.log(table);
