import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { createPostgresDatabase } from "@/lib/platform/db/postgres";
import { startPostgres, startRedis } from "@/tests/reliability/services";

/** What a test must undo in its afterAll, in any order. */
export type Cleanups = (() => Promise<unknown>)[];

/**
 * A database of the test's own, named `<prefix>_<random>`: on the run's PostgreSQL (DATABASE_URL_REAL) when there is
 * one, else on a server started here. Dropping it (or stopping that server) is added to `cleanups`.
 */
export async function ownDatabase(prefix: string, cleanups: Cleanups): Promise<string> {
  const shared = process.env.DATABASE_URL_REAL;
  if (!shared) {
    const server = await startPostgres();
    cleanups.push(() => server.destroy());
    return server.url;
  }
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = createPostgresDatabase({
    url: shared,
    poolMax: 1,
    connectTimeoutSeconds: 10,
    statementTimeoutMs: 60_000,
  });
  await admin.db.execute(sql.raw(`create database ${name}`));
  cleanups.push(async () => {
    await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    await admin.close();
  });
  const url = new URL(shared);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The run's Redis (REDIS_URL_REAL) when there is one, else a server started here and stopped by `cleanups`. */
export async function ownRedis(cleanups: Cleanups): Promise<string> {
  if (process.env.REDIS_URL_REAL) return process.env.REDIS_URL_REAL;
  const server = await startRedis();
  cleanups.push(() => server.destroy());
  return server.url;
}
