import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The secret kept in `file` (0600, its directory 0700), created with 384 random bits on first use, so an embedded
 * default needs no setup and keeps its secret across restarts.
 */
export async function readOrCreateSecret(file: string): Promise<string> {
  try {
    return (await readFile(file, "utf8")).trim();
  } catch {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // "wx": if another process won the race, use its secret.
    await writeFile(file, randomBytes(48).toString("base64url"), { flag: "wx", mode: 0o600 }).catch(() => {});
    return (await readFile(file, "utf8")).trim();
  }
}
