import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Gives this test file its own empty data directory before any module reads the configuration: every embedded
 * component starts there as on a first start. Import it first, for its side effect (or isolated-env, which also
 * brings a migrated database).
 */
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "clubops-test-"));
