import { chmod, lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { logger } from "./logger";

/** What DATA_DIR holds (the database, mail, objects, the audit trail, secrets) is for the service's own user only. */
const OWNER_ONLY_UMASK = 0o077;
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;
const GROUP_OR_OTHER = 0o077;

export type TighteningReport = { entries: number; tightened: number; failed: number; durationMs: number };

/** A missing entry is nothing to protect: DATA_DIR not created (every component external), or a file removed meanwhile. */
function ignoreMissing(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
  throw error;
}

/**
 * Before anything writes to DATA_DIR: everything this process creates from now on is owner-only (umask 077, which
 * also covers s3rver, chDB and the SMTP sink, whose modes we do not choose), and an existing DATA_DIR is closed to
 * other users at once, before tightenDataDir walks what is inside.
 */
export async function closeDataDir(dir: string): Promise<void> {
  try {
    process.umask(OWNER_ONLY_UMASK);
  } catch (error) {
    // Worker threads cannot change the umask; tightenDataDir still runs after start.
    logger.warn(
      { err: error },
      "cannot set the umask in this thread; new files under DATA_DIR keep their modes until the next start",
    );
  }
  await chmod(dir, DIRECTORY_MODE).catch(ignoreMissing);
}

/**
 * Takes group and other permissions off every directory and file under `dir` (not following symbolic links): what an
 * older version left, and what PGlite writes with explicit modes (its initial cluster is 0666) that no umask changes.
 * Run after the embedded components started, so it also covers what they created. A file it cannot change is logged,
 * not fatal: the 0700 directory above it already keeps other users out.
 */
export async function tightenDataDir(dir: string): Promise<TighteningReport> {
  const started = performance.now();
  const report: TighteningReport = { entries: 0, tightened: 0, failed: 0, durationMs: 0 };

  async function visit(entry: string): Promise<void> {
    const stats = await lstat(entry).catch(ignoreMissing);
    if (!stats) return;
    report.entries += 1;
    const mode = stats.isDirectory() ? DIRECTORY_MODE : stats.isFile() ? FILE_MODE : null;
    if (mode !== null && (stats.mode & GROUP_OR_OTHER) !== 0) {
      await chmod(entry, mode).then(
        () => {
          report.tightened += 1;
        },
        (error: unknown) => {
          report.failed += 1;
          logger.warn({ err: error, path: entry }, "cannot make a DATA_DIR entry owner-only");
        },
      );
    }
    if (stats.isDirectory()) {
      const children = (await readdir(entry).catch(ignoreMissing)) ?? [];
      await Promise.all(children.map((child) => visit(path.join(entry, child))));
    }
  }

  await visit(dir);
  report.durationMs = Math.round(performance.now() - started);
  return report;
}
