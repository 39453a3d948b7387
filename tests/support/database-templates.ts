import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createPgliteDatabase } from "@/lib/platform/db/pglite";
import { createPostgresDatabase } from "@/lib/platform/db/postgres";
import { adminConnection, databaseUrl, directDatabaseUrl } from "./postgres-databases";

declare module "vitest" {
  export interface ProvidedContext {
    /** A closed PGlite data directory, created and migrated as a first start does; unset on real PostgreSQL. */
    pgliteTemplate?: string;
    /** The name of a migrated database on the run's PostgreSQL, for each file's own copy; unset on PGlite. */
    postgresTemplate?: string;
  }
}

/**
 * Global setup of the integration and reliability projects: migrates one database the way the service's first
 * start does, for tests/support/isolated-env.ts to copy for each test file. On real PostgreSQL (DATABASE_URL) it is a
 * database on that server, copied with `CREATE DATABASE … TEMPLATE` (a file's copy takes a fraction of a second, and
 * files then run in parallel on data of their own); on PGlite, a data directory (a fresh cluster costs each file
 * several seconds of WASM initdb and migrations).
 */
export default async function createDatabaseTemplate(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.DATABASE_URL) {
    project.provide("postgresTemplate", await createPostgresTemplate());
    return undefined;
  }
  const root = mkdtempSync(path.join(tmpdir(), "clubops-pglite-template-"));
  const dataDir = path.join(root, "pglite");
  const database = createPgliteDatabase(dataDir);
  await database.migrate();
  await database.close();
  project.provide("pgliteTemplate", dataDir);
  return () => rmSync(root, { recursive: true, force: true });
}

/** A migrated database named for this run (two runs may share a server); the server is thrown away with the run. */
async function createPostgresTemplate(): Promise<string> {
  const name = `clubops_template_${randomBytes(4).toString("hex")}`;
  const admin = adminConnection();
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  // On the server directly, even when the run goes through a pooler: a pooler would keep server connections open to
  // the template, and PostgreSQL copies no database that has any.
  const template = createPostgresDatabase({
    url: databaseUrl(String(directDatabaseUrl()), name),
    poolMax: 1,
    connectTimeoutSeconds: 5,
    statementTimeoutMs: 30_000,
  });
  await template.migrate();
  await template.close();
  return name;
}
