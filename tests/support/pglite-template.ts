import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createPgliteDatabase } from "@/lib/platform/db/pglite";

declare module "vitest" {
  export interface ProvidedContext {
    /** A closed PGlite data directory, created and migrated as a first start does; unset on real PostgreSQL. */
    pgliteTemplate?: string;
  }
}

/**
 * Global setup of the integration project on the embedded default: creates and migrates one PGlite cluster, the way
 * the service's first start does, for isolated-env to copy into each test file's DATA_DIR. A fresh cluster costs
 * each file several seconds of WASM initdb and migrations; a copy of this one opens in a fraction of that.
 */
export default async function createPgliteTemplate(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.DATABASE_URL) return undefined;
  const root = mkdtempSync(path.join(tmpdir(), "clubops-pglite-template-"));
  const dataDir = path.join(root, "pglite");
  const database = createPgliteDatabase(dataDir);
  await database.migrate();
  await database.close();
  project.provide("pgliteTemplate", dataDir);
  return () => rmSync(root, { recursive: true, force: true });
}
