import { randomBytes } from "node:crypto";
import postgres, { type Sql } from "postgres";

/**
 * The PostgreSQL server itself, never a pooler in front of it (DATABASE_MIGRATION_URL is the direct route when the run
 * goes through one): for creating databases, and for tests of what one server session keeps (its prepared statements
 * and their plans), which a transaction pooler spreads over several. Unset on PGlite.
 */
export const directDatabaseUrl = (): string | undefined =>
  process.env.DATABASE_MIGRATION_URL ?? process.env.DATABASE_URL;

function serverUrl(): string {
  const url = directDatabaseUrl();
  if (!url) throw new Error("DATABASE_URL is not set");
  return url;
}

/** `url` with its database replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** One connection to the server's maintenance database, for creating databases. */
export const adminConnection = (): Sql =>
  postgres(databaseUrl(serverUrl(), "postgres"), { max: 1, onnotice: () => {} });

/**
 * Points this test file at a database of its own, copied from the run's migrated `template`, before any module reads
 * the configuration: files run in parallel on one server without seeing each other's rows, jobs or locks (advisory
 * locks are per database). Both routes move: through the pooler (DATABASE_URL) and to the server
 * (DATABASE_MIGRATION_URL), when the run has both. Named after the template, so that the run drops its copies at its
 * end (tests/support/database-templates.ts).
 */
export async function moveToOwnPostgresDatabase(template: string): Promise<void> {
  const name = `${template}_${randomBytes(6).toString("hex")}`;
  const admin = adminConnection();
  try {
    await admin.unsafe(`create database ${name} template ${template}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  for (const variable of ["DATABASE_URL", "DATABASE_MIGRATION_URL"]) {
    const url = process.env[variable];
    if (url) process.env[variable] = databaseUrl(url, name);
  }
}
