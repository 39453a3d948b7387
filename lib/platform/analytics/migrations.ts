/**
 * The analytical store's schema history, applied in order by `applyMigrations`.
 * ClickHouse DDL is not transactional and instances may start together, so every
 * statement must be idempotent (`IF NOT EXISTS`, `ADD COLUMN IF NOT EXISTS`, ...).
 * Never edit an applied migration: append a new version.
 */
export type AnalyticsMigration = {
  readonly version: number;
  readonly name: string;
  readonly statements: readonly string[];
};

export const ANALYTICS_MIGRATIONS: readonly AnalyticsMigration[] = [
  {
    version: 1,
    name: "create_audit_logs",
    statements: [
      // Immutable audit trail, forwarded from the PostgreSQL outbox.
      // A row forwarded twice must appear once. The forwarder makes that exact by inserting
      // only ids the table does not hold yet; ReplacingMergeTree is the backstop for the one
      // race the check cannot see (two inserts of the same row in flight at once): both copies
      // share the sorting key (occurred_at, id), so merges collapse them.
      `CREATE TABLE IF NOT EXISTS audit_logs
      (
          id UUID,
          occurred_at DateTime64(3, 'UTC'),
          action LowCardinality(String),
          severity Enum8('Info' = 1, 'Warning' = 2, 'Error' = 3, 'Critical' = 4),
          actor_id Nullable(String),
          entity LowCardinality(String),
          entity_id Nullable(String),
          data String,
          trace_id Nullable(String),
          forwarded_at DateTime64(3, 'UTC')
      )
      ENGINE = ReplacingMergeTree
      PARTITION BY toYYYYMM(occurred_at)
      ORDER BY (occurred_at, id)`,
    ],
  },
];
