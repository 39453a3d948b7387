import "./fresh-data-dir";
import { cpSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";

/**
 * Gives this test file its own data directory (PGlite, s3rver, chDB, mail sink) before any module reads the
 * configuration, with the run's migrated PGlite cluster copied in (tests/support/pglite-template.ts) when the
 * database is the embedded one. Import it first, for its side effect; import fresh-data-dir instead to start
 * from an empty directory.
 */
const template = inject("pgliteTemplate");
if (template) cpSync(template, path.join(String(process.env.DATA_DIR), "pglite"), { recursive: true });
