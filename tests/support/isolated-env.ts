import "./fresh-data-dir";
import { cpSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { moveToOwnPostgresDatabase } from "./postgres-databases";
import { moveToOwnRedisDatabase } from "./redis-databases";

/**
 * Gives this test file data of its own before any module reads the configuration, so files run in parallel: its own
 * data directory (PGlite, s3rver, chDB, mail sink), its own copy of the run's migrated database
 * (tests/support/database-templates.ts), on PGlite or on the run's PostgreSQL, and its own Redis database when the
 * run has Redis. Import it first, for its side effect; import fresh-data-dir instead to start from an empty
 * directory.
 */
const pgliteTemplate = inject("pgliteTemplate");
if (pgliteTemplate) cpSync(pgliteTemplate, path.join(String(process.env.DATA_DIR), "pglite"), { recursive: true });
const postgresTemplate = inject("postgresTemplate");
if (postgresTemplate) await moveToOwnPostgresDatabase(postgresTemplate);
if (process.env.REDIS_URL) await moveToOwnRedisDatabase();
