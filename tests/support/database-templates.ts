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
    const template = await createPostgresTemplate();
    project.provide("postgresTemplate", template);
    return () => dropPostgresCopies(template);
  }
  const root = mkdtempSync(path.join(tmpdir(), "clubops-pglite-template-"));
  const dataDir = path.join(root, "pglite");
  const database = createPgliteDatabase(dataDir);
  await database.migrate();
  await database.close();
  project.provide("pgliteTemplate", dataDir);
  return () => rmSync(root, { recursive: true, force: true });
}

/**
 * Drops the template and every file's copy of it (named after it: tests/support/postgres-databases.ts). The lanes after
 * this run share its server (scripts/test.sh): left there, eighty databases full of fresh rows keep autovacuum's
 * workers busy analysing them while the next lane runs.
 */
async function dropPostgresCopies(template: string): Promise<void> {
  const admin = adminConnection();
  try {
    const copies = await admin<{ name: string }[]>`
      select datname as name from pg_database where datname = ${template} or datname like ${`${template}\\_%`}`;
    for (const { name } of copies) await admin.unsafe(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/** A migrated database named for this run (two runs may share a server). */
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
