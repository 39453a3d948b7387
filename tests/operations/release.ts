import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

type Journal = { entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] };

/**
 * The next release of this checkout, as an instance of a rolling upgrade runs it: the same build and code (linked),
 * and drizzle/ with one more migration, which the first instance started from it applies (under the migration lock)
 * while the others still run the release before. Returns its root, for startAppInstance({ root }).
 */
export function releaseWithMigration(dir: string, migration: { tag: string; statements: string[] }): string {
  const root = path.join(dir, "release");
  mkdirSync(root);
  for (const entry of readdirSync(".")) {
    if (entry !== "drizzle" && entry !== ".git") symlinkSync(path.resolve(entry), path.join(root, entry));
  }
  const drizzle = path.join(root, "drizzle");
  cpSync("drizzle", drizzle, { recursive: true });
  const journalFile = path.join(drizzle, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as Journal;
  const last = journal.entries.at(-1);
  if (!last) throw new Error("drizzle/meta/_journal.json lists no migration");
  // drizzle applies the migrations newer than the last one applied, by this timestamp.
  journal.entries.push({ ...last, idx: last.idx + 1, when: Math.max(Date.now(), last.when + 1), tag: migration.tag });
  writeFileSync(journalFile, `${JSON.stringify(journal, null, 2)}\n`);
  writeFileSync(path.join(drizzle, `${migration.tag}.sql`), migration.statements.join("\n--> statement-breakpoint\n"));
  return root;
}
