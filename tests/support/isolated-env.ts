import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Gives this test file its own data directory (PGlite, s3rver, chDB, mail sink)
 * before any module reads the configuration. Import it first, for its side effect.
 */
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "clubops-test-"));
