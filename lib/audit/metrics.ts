import { sql } from "drizzle-orm";
import type { DatabaseAdapter } from "@/lib/platform/db";
import { withStatementTimeout } from "@/lib/platform/db/bounded-read";
import { COLLECT_TIMEOUT_MS, type GaugeReading } from "@/lib/platform/metrics/registry";

/**
 * The audit outbox's backlog, for clubops_audit_outbox_pending and clubops_audit_outbox_oldest_age_seconds: rows not
 * yet forwarded to ClickHouse, and how long the oldest has waited (0 when none). One statement over the partial
 * index audit_outbox_pending_idx, which holds only the pending rows.
 */
export async function auditOutboxGauges(database: DatabaseAdapter): Promise<GaugeReading[]> {
  const [backlog] = await withStatementTimeout(database.db, COLLECT_TIMEOUT_MS, (tx) =>
    database.rows<{ pending: number; oldest_age_seconds: number | null }>(
      tx,
      sql`select
            (select count(*) from audit_outbox where forwarded_at is null)::int as pending,
            extract(epoch from now() - (
              select occurred_at from audit_outbox where forwarded_at is null order by seq limit 1
            ))::float8 as oldest_age_seconds`,
    ),
  );
  return [
    {
      name: "clubops_audit_outbox_pending",
      help: "Audit entries written but not yet forwarded to ClickHouse.",
      samples: [{ value: backlog?.pending ?? 0 }],
    },
    {
      name: "clubops_audit_outbox_oldest_age_seconds",
      help: "Age of the oldest audit entry not yet forwarded to ClickHouse; 0 when none waits.",
      samples: [{ value: Math.max(0, backlog?.oldest_age_seconds ?? 0) }],
    },
  ];
}
