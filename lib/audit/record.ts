import type { Executor } from "@/lib/platform/db";
import { auditOutbox, auditSeverity } from "@/lib/platform/db/schema/audit";
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
