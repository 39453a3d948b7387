import { z } from "zod";
import { toDateTime64 } from "@/lib/platform/analytics";
import { auditSeverity } from "@/lib/platform/db/schema/audit";
import { offsetOf, type Paginated, paginated, paginationQuery } from "@/lib/platform/pagination";
import type { ServiceContext } from "@/lib/services/context";
import { type AuditActor, type AuditSubject, actorsById, subjectKey, subjectsOf } from "./names";
import type { AuditSeverity } from "./record";

export const AUDIT_SEVERITIES = auditSeverity.enumValues;

/** At most this many distinct actions are listed for the viewer's filter. */
const MAX_LISTED_ACTIONS = 1_000;

/** An empty filter (`?action=`, as a cleared form field sends it) is no filter. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const instant = z.iso
  .datetime({ offset: true, error: "Use an ISO 8601 instant with a zone, e.g. 2026-11-20T08:00:00Z." })
  .transform((value) => new Date(value));

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);

/** `severity=Warning` or several, comma-separated or repeated (`severity=Warning,Error`). */
const severities = z.preprocess(
  (value) => (typeof value === "string" ? value.split(",") : value),
  z
    .array(z.enum(AUDIT_SEVERITIES, `Use ${AUDIT_SEVERITIES.join(", ")}.`))
    .min(1)
    .max(AUDIT_SEVERITIES.length),
);

/** The audit viewer's query: page-number pagination, newest first unless asked otherwise, and optional filters. */
export const auditLogQuery = paginationQuery(["occurredAt"], "occurredAt", "desc")
  .extend({
    from: optionalFilter(instant).meta({ description: "Entries from this instant on (inclusive)." }),
    to: optionalFilter(instant).meta({ description: "Entries before this instant (exclusive)." }),
    action: optionalFilter(text(200)).meta({
      description: "The action, exactly, or a prefix when it ends with a dot (`personnel.`).",
      examples: ["personnel.clock_in"],
    }),
    severity: optionalFilter(severities).meta({
      description: "One severity or several, repeated or comma-separated (`severity=Warning,Error`).",
    }),
    actorId: optionalFilter(text(200)).meta({ description: "The acting user's id, exactly." }),
    entity: optionalFilter(text(200)).meta({
      description: "The kind of record changed, exactly.",
      examples: ["member"],
    }),
    entityId: optionalFilter(text(200)).meta({ description: "The changed record's id, exactly." }),
  })
  .refine((query) => !query.from || !query.to || query.from < query.to, {
    path: ["to"],
    message: "to must be after from.",
  });
export type AuditLogQuery = z.output<typeof auditLogQuery>;
export type AuditLogFilters = Pick<
  AuditLogQuery,
  "from" | "to" | "action" | "severity" | "actorId" | "entity" | "entityId"
>;

export type AuditLogItem = {
  id: string;
  occurredAt: string;
  action: string;
  severity: AuditSeverity;
  /** Null for the system. */
  actorId: string | null;
  /** The acting user's name and email; null for the system or an id no user has. */
  actor: AuditActor | null;
  entity: string;
  entityId: string | null;
  /** Who or what the entry is about, with its current name; null when it has none or the record is gone. */
  subject: AuditSubject | null;
  data: Record<string, unknown>;
  traceId: string | null;
};

type AuditLogRow = {
  id: string;
  occurred_at: string;
  action: string;
  severity: AuditSeverity;
  actor_id: string | null;
  entity: string;
  entity_id: string | null;
  data: string;
  trace_id: string | null;
};

/** A statement and the values bound to its `{name:Type}` placeholders; values never enter the text. */
export type BoundStatement = { sql: string; params: Record<string, unknown> };

const DATETIME = "DateTime64(3, 'UTC')";

/**
 * The WHERE clause of a filtered audit query. Every value is a server-side parameter, so a hostile filter
 * (`x' OR 1=1 --`) is compared as the text it is. FINAL makes the ReplacingMergeTree backstop exact: a row
 * two inserts raced on (see the forwarder) counts once even before the merge.
 */
export function auditLogFilter(filters: AuditLogFilters): BoundStatement {
  const conditions: string[] = [];
  const params: Record<string, unknown> = {};
  const add = (condition: string, name: string, value: unknown) => {
    conditions.push(condition);
    params[name] = value;
  };
  if (filters.from) add(`occurred_at >= {from:${DATETIME}}`, "from", toDateTime64(filters.from));
  if (filters.to) add(`occurred_at < {to:${DATETIME}}`, "to", toDateTime64(filters.to));
  if (filters.action?.endsWith(".")) add("startsWith(action, {actionPrefix:String})", "actionPrefix", filters.action);
  else if (filters.action) add("action = {action:String}", "action", filters.action);
  if (filters.severity) add("severity IN {severities:Array(String)}", "severities", [...new Set(filters.severity)]);
  if (filters.actorId) add("actor_id = {actorId:String}", "actorId", filters.actorId);
  if (filters.entity) add("entity = {entity:String}", "entity", filters.entity);
  if (filters.entityId) add("entity_id = {entityId:String}", "entityId", filters.entityId);
  return { sql: conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "", params };
}

/** One page of the filtered trail, and its total, as two statements sharing the filter. */
export function auditLogStatements(query: AuditLogQuery): { page: BoundStatement; count: BoundStatement } {
  const filter = auditLogFilter(query);
  // The direction is one of two keywords chosen here, never text from the request.
  const direction = query.orderDirection === "asc" ? "ASC" : "DESC";
  return {
    page: {
      sql: `SELECT id, occurred_at, action, severity, actor_id, entity, entity_id, data, trace_id
            FROM audit_logs FINAL
            ${filter.sql}
            ORDER BY occurred_at ${direction}, id ${direction}
            LIMIT {limit:UInt32} OFFSET {offset:UInt64}`,
      params: { ...filter.params, limit: query.pageSize, offset: offsetOf(query) },
    },
    count: { sql: `SELECT count() AS total FROM audit_logs FINAL ${filter.sql}`, params: filter.params },
  };
}

export type AuditViewerDependencies = Pick<ServiceContext, "analytics" | "db">;

/** The audit trail in ClickHouse, filtered and paginated, with the actors and subjects named from PostgreSQL. */
export async function listAuditLogs(
  { analytics, db }: AuditViewerDependencies,
  query: AuditLogQuery,
): Promise<Paginated<AuditLogItem>> {
  const { page, count } = auditLogStatements(query);
  const [rows, [total]] = await Promise.all([
    analytics.query<AuditLogRow>(page.sql, page.params),
    analytics.query<{ total: string }>(count.sql, count.params),
  ]);
  // Names come from PostgreSQL, batched: one users query for the page's actors, one per kind of subject on it.
  const [actors, subjects] = await Promise.all([
    actorsById(
      db,
      rows.map((row) => row.actor_id),
    ),
    subjectsOf(
      db,
      rows.map((row) => ({ entity: row.entity, entityId: row.entity_id })),
    ),
  ]);
  const items = rows.map((row) => toItem(row, actors, subjects));
  return paginated(items, Number(total?.total ?? 0), query);
}

/** The actions the trail holds, sorted, for the viewer's filter. */
export async function listAuditActions({ analytics }: Pick<ServiceContext, "analytics">): Promise<{ items: string[] }> {
  const rows = await analytics.query<{ action: string }>(
    "SELECT DISTINCT action FROM audit_logs ORDER BY action LIMIT {limit:UInt32}",
    { limit: MAX_LISTED_ACTIONS },
  );
  return { items: rows.map((row) => row.action) };
}

function toItem(
  row: AuditLogRow,
  actors: ReadonlyMap<string, AuditActor>,
  subjects: ReadonlyMap<string, AuditSubject>,
): AuditLogItem {
  return {
    id: row.id,
    occurredAt: fromDateTime64(row.occurred_at),
    action: row.action,
    severity: row.severity,
    actorId: row.actor_id,
    actor: (row.actor_id && actors.get(row.actor_id)) || null,
    entity: row.entity,
    entityId: row.entity_id,
    subject: subjects.get(subjectKey({ entity: row.entity, entityId: row.entity_id })) ?? null,
    data: parseData(row.data),
    traceId: row.trace_id,
  };
}

/** `2026-01-31 23:59:59.123` (UTC) → `2026-01-31T23:59:59.123Z`. */
export function fromDateTime64(value: string): string {
  return `${value.replace(" ", "T")}Z`;
}

/** The forwarder stores JSON objects; anything else is shown as it was stored rather than failing the page. */
function parseData(data: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { value: parsed };
  } catch {
    return { raw: data };
  }
}
