import { ANALYTICS_MIGRATIONS, type AnalyticsMigration } from "./migrations";
import type { Analytics } from "./types";

const MIGRATIONS_TABLE = "schema_migrations";

// ReplacingMergeTree: two instances recording the same version at once converge to one row.
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE}
(
    version UInt32,
    name String,
    applied_at DateTime64(3, 'UTC') DEFAULT now64(3)
)
ENGINE = ReplacingMergeTree
ORDER BY version`;

type Store = Pick<Analytics, "command" | "query" | "insert">;

/** Runs, in version order, every migration not yet recorded in `schema_migrations`, recording each after its statements. */
export async function applyMigrations(
  store: Store,
  migrations: readonly AnalyticsMigration[] = ANALYTICS_MIGRATIONS,
): Promise<void> {
  await store.command(CREATE_MIGRATIONS_TABLE);
  const applied = await store.query<{ version: number }>(`SELECT DISTINCT version FROM ${MIGRATIONS_TABLE}`);
  const appliedVersions = new Set(applied.map((row) => row.version));
  const pending = migrations
    .filter((migration) => !appliedVersions.has(migration.version))
    .toSorted((a, b) => a.version - b.version);
  for (const migration of pending) {
    for (const statement of migration.statements) await store.command(statement);
    await store.insert(MIGRATIONS_TABLE, [{ version: migration.version, name: migration.name }]);
  }
}
