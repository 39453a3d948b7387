import { asc, inArray, isNull, lt, sql } from "drizzle-orm";
import { type Analytics, toDateTime64 } from "@/lib/platform/analytics";
import type { Database, DatabaseAdapter } from "@/lib/platform/db";
import { auditOutbox } from "@/lib/platform/db/schema/audit";
import { commitWhatever } from "@/lib/platform/db/transaction";

const AUDIT_LOGS_TABLE = "audit_logs";
const DEFAULT_BATCH_SIZE = 5_000;
/** Bounds one run (500,000 rows) well inside the job's lock; the next run carries on. */
const DEFAULT_MAX_BATCHES = 100;
/** While one batch is with ClickHouse, PostgreSQL claims the next (the gain is measured in docs/performance.md). */
const DEFAULT_LANES = 2;

type OutboxRow = typeof auditOutbox.$inferSelect;

export type AuditForwardingDependencies = { database: DatabaseAdapter; analytics: Analytics };
export type AuditForwardingOptions = {
  /** Rows per transaction (5,000 unless set: larger batches measured slower, docs/performance.md). */
  batchSize?: number;
  maxBatches?: number;
  /** Batches in flight at once, each in its own transaction (SKIP LOCKED keeps them apart). */
  lanes?: number;
};
export type AuditForwardingResult = { forwarded: number; batches: number };

/**
 * Moves pending outbox rows to ClickHouse `audit_logs`, oldest first, one transaction per batch.
 *
 * Outage-safe: a batch is locked and marked forwarded by one statement, then sent, in one transaction, so
 * the mark only takes effect after ClickHouse accepted it. When ClickHouse fails, the transaction rolls back, the rows
 * stay pending, and the DependencyUnavailableError (or DependencyTimeoutError) propagates so the
 * job retries later. Batches committed before the failure stay forwarded.
 *
 * Idempotent: only ids ClickHouse does not hold yet are inserted, so a batch whose insert
 * succeeded but whose commit did not is not duplicated when it is taken again.
 */
export async function forwardAuditOutbox(
  deps: AuditForwardingDependencies,
  options: AuditForwardingOptions = {},
): Promise<AuditForwardingResult> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const maxBatches = options.maxBatches ?? DEFAULT_MAX_BATCHES;
  const result: AuditForwardingResult = { forwarded: 0, batches: 0 };
  let started = 0;
  let drained = false;
  const lane = async () => {
    try {
      while (!drained && started < maxBatches) {
        started += 1;
        const forwarded = await forwardOneBatch(deps, batchSize);
        if (forwarded < batchSize) drained = true;
        result.forwarded += forwarded;
        if (forwarded > 0) result.batches += 1;
      }
    } catch (error) {
      drained = true; // the other lane stops after its batch, so the run ends before the error is reported
      throw error;
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: options.lanes ?? DEFAULT_LANES }, lane));
  const failed = lanes.find((outcome) => outcome.status === "rejected");
  if (failed) throw failed.reason;
  await purgeForwardedOutbox(deps.database.db);
  return result;
}

async function forwardOneBatch(
  { database, analytics }: AuditForwardingDependencies,
  batchSize: number,
): Promise<number> {
  return commitWhatever(database.db, async (tx) => {
    const forwardedAt = new Date();
    // One statement locks the oldest pending rows and marks them; the mark is only seen once the transaction commits,
    // after ClickHouse accepted the rows. SKIP LOCKED: a concurrent forwarder takes the next rows instead of waiting.
    const pending = tx
      .$with("pending")
      .as(
        tx
          .select({ id: auditOutbox.id })
          .from(auditOutbox)
          .where(isNull(auditOutbox.forwardedAt))
          .orderBy(asc(auditOutbox.seq))
          .limit(batchSize)
          .for("update", { skipLocked: true }),
      );
    const batch = await tx
      .with(pending)
      .update(auditOutbox)
      .set({ forwardedAt })
      .where(inArray(auditOutbox.id, tx.select({ id: pending.id }).from(pending)))
      .returning();
    if (batch.length > 0) await insertMissingAuditLogs(analytics, batch, forwardedAt);
    return batch.length;
  });
}

async function insertMissingAuditLogs(analytics: Analytics, batch: readonly OutboxRow[], forwardedAt: Date) {
  const present = await idsAlreadyInAuditLogs(analytics, batch);
  const missing = batch.filter((row) => !present.has(row.id));
  if (missing.length > 0) {
    await analytics.insert(
      AUDIT_LOGS_TABLE,
      missing.map((row) => toAuditLog(row, forwardedAt)),
    );
  }
}

async function idsAlreadyInAuditLogs(analytics: Analytics, batch: readonly OutboxRow[]): Promise<Set<string>> {
  const instants = batch.map((row) => row.occurredAt.getTime());
  // The occurred_at range lets ClickHouse use the primary index (occurred_at, id) instead of scanning the table.
  const rows = await analytics.query<{ id: string }>(
    `SELECT id FROM ${AUDIT_LOGS_TABLE}
     WHERE occurred_at BETWEEN {from:DateTime64(3, 'UTC')} AND {to:DateTime64(3, 'UTC')}
       AND id IN {ids:Array(UUID)}`,
    {
      from: toDateTime64(new Date(Math.min(...instants))),
      to: toDateTime64(new Date(Math.max(...instants))),
      ids: batch.map((row) => row.id),
    },
  );
  return new Set(rows.map((row) => row.id));
}

function toAuditLog(row: OutboxRow, forwardedAt: Date) {
  return {
    id: row.id,
    occurred_at: toDateTime64(row.occurredAt),
    action: row.action,
    severity: row.severity,
    actor_id: row.actorId,
    entity: row.entity,
    entity_id: row.entityId,
    data: JSON.stringify(row.data),
    trace_id: row.traceId,
    forwarded_at: toDateTime64(forwardedAt),
  };
}

/**
 * The outbox is transit; ClickHouse holds the record. Forwarded rows are kept a week as a replay
 * window (clearing forwarded_at resends them, and the dedupe makes that safe), then dropped in one statement.
 */
async function purgeForwardedOutbox(db: Database): Promise<void> {
  await db.delete(auditOutbox).where(lt(auditOutbox.forwardedAt, sql`now() - interval '7 days'`));
}
