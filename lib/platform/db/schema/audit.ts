import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

export const auditSeverity = pgEnum("audit_severity", ["Info", "Warning", "Error", "Critical"]);

/**
 * Audit entries are written here in the transaction of the change they describe,
 * then forwarded to ClickHouse `audit_logs`. Rows are only ever inserted and marked forwarded.
 */
export const auditOutbox = pgTable(
  "audit_outbox",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** Forwarding order; identity values are cheap and never reused. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    occurredAt: timestamptz("occurred_at").notNull().defaultNow(),
    action: text("action").notNull(),
    severity: auditSeverity("severity").notNull(),
    actorId: text("actor_id"),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    data: jsonb("data").notNull().default(sql`'{}'::jsonb`),
    traceId: text("trace_id"),
    forwardedAt: timestamptz("forwarded_at"),
  },
  (t) => [index("audit_outbox_pending_idx").on(t.seq).where(sql`${t.forwardedAt} is null`)],
);
