import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { auditOutbox, type auditSeverity } from "@/lib/platform/db/schema/audit";
import { currentTraceId } from "@/lib/platform/trace";

export type AuditSeverity = (typeof auditSeverity.enumValues)[number];

export type AuditEntry = {
  /** What happened, `module.verb` (e.g. `personnel.clock_in`). */
  action: string;
  severity: AuditSeverity;
  /** The user who acted; null for the system. */
  actorId?: string | null;
  entity: string;
  entityId?: string | null;
  data?: Record<string, unknown>;
};

/**
 * Writes an audit entry to the outbox through the caller's executor, so it commits or
 * rolls back with the change it describes. The forwarder moves it to ClickHouse later.
 */
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditOutbox).values({
    action: entry.action,
    severity: entry.severity,
    actorId: entry.actorId ?? null,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    data: entry.data ?? {},
    traceId: currentTraceId() ?? null,
  });
}

/**
 * The same entry as an `INSERT … SELECT` writing one row per row of `source` (a CTE of the caller's statement), with
 * the entity id read from `entityIdColumn`: hot paths save a change and its audit entry in one atomic round trip.
 */
export function auditRowsFrom(source: SQL, entityIdColumn: SQL, entry: Omit<AuditEntry, "entityId">): SQL {
  return sql`insert into audit_outbox (action, severity, actor_id, entity, entity_id, data, trace_id)
    select ${entry.action}, ${entry.severity}::audit_severity, ${entry.actorId ?? null}, ${entry.entity}, ${entityIdColumn}::text,
      ${JSON.stringify(entry.data ?? {})}::jsonb, ${currentTraceId() ?? null}
    from ${source}`;
}
