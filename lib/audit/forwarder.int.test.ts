import "@/tests/support/isolated-env";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config";
import { type Analytics, createAnalytics } from "@/lib/platform/analytics";
import type { DatabaseAdapter } from "@/lib/platform/db";
import { createPgliteDatabase } from "@/lib/platform/db/pglite";
import { auditOutbox } from "@/lib/platform/db/schema/audit";
import { DependencyUnavailableError } from "@/lib/platform/errors";
import { withSpan } from "@/lib/platform/telemetry/spans";
import { createTestPostgres } from "@/tests/support/test-database";
import { forwardAuditOutbox } from "./forwarder";
import { recordAudit } from "./record";

const ROWS = 10_000;

/** What a scripted insert does: reach ClickHouse normally, fail before reaching it, or reach it and then lose the reply. */
type InsertFault = "none" | "refused" | "reply-lost";

/** Delegates to the real store, counting the rows that reached it and playing `faults` on successive inserts. */
function scriptedAnalytics(real: Analytics) {
  const faults: InsertFault[] = [];
  let rowsSent = 0;
  const analytics: Analytics = {
    kind: real.kind,
    query: (query, params) => real.query(query, params),
    command: (query) => real.command(query),
    ping: () => real.ping(),
    migrate: () => real.migrate(),
    close: () => real.close(),
    async insert(table, rows) {
      const fault = faults.shift() ?? "none";
      if (fault === "refused") throw new DependencyUnavailableError("analytics");
      await real.insert(table, rows);
      rowsSent += rows.length;
      if (fault === "reply-lost") throw new DependencyUnavailableError("analytics");
    },
  };
  return { analytics, faults, rowsSent: () => rowsSent };
}

describe("audit outbox forwarding", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "clubops-audit-"));
  let database: DatabaseAdapter;
  let analytics: Analytics;

  beforeAll(async () => {
    database = process.env.DATABASE_URL
      ? createTestPostgres({ poolMax: 4, statementTimeoutMs: 15_000 })
      : createPgliteDatabase(undefined);
    analytics = createAnalytics({ ...loadConfig(), dataDir });
    await Promise.all([database.migrate(), analytics.migrate()]);
  });

  beforeEach(async () => {
    await database.db.execute(sql`truncate table audit_outbox`);
    await analytics.command("TRUNCATE TABLE audit_logs");
  });

  afterAll(async () => {
    await Promise.all([database.close(), analytics.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function recordClockIns(count: number) {
    const perTransaction = 1_000;
    for (let start = 0; start < count; start += perTransaction) {
      await database.db.transaction(async (tx) => {
        for (let n = start; n < Math.min(start + perTransaction, count); n += 1) {
          await recordAudit(tx, {
            action: "personnel.clock_in",
            severity: "Info",
            actorId: `user-${n % 50}`,
            entity: "employee_checkin",
            entityId: `checkin-${n}`,
            data: { n },
          });
        }
      });
    }
  }

  /** One set-based insert, for tests where going through recordAudit adds nothing but seconds. */
  async function insertClockInsDirectly(count: number) {
    await database.db.execute(sql`
      insert into audit_outbox (action, severity, actor_id, entity, entity_id, data)
      select 'personnel.clock_in', 'Info', 'user-' || (n % 50), 'employee_checkin', 'checkin-' || n, jsonb_build_object('n', n)
      from generate_series(1, ${count}::int) as n`);
  }

  async function pendingOutboxRows() {
    return database.db.$count(auditOutbox, isNull(auditOutbox.forwardedAt));
  }

  async function auditLogCounts() {
    const [counts] = await analytics.query<{ rows: string; ids: string }>(
      "SELECT count() AS rows, uniqExact(id) AS ids FROM audit_logs",
    );
    return { rows: Number(counts?.rows), ids: Number(counts?.ids) };
  }

  it("forwards 10,000 rows exactly once across an outage and a lost acknowledgement", async () => {
    await recordClockIns(ROWS);
    const store = scriptedAnalytics(analytics);
    // One batch at a time, so the scripted faults meet known batches.
    const options = { batchSize: 1_000, lanes: 1 };
    const { batchSize } = options;

    // Batch 2 reaches ClickHouse but the reply is lost, so it is not marked forwarded.
    store.faults.push("none", "reply-lost");
    await expect(forwardAuditOutbox({ database, analytics: store.analytics }, options)).rejects.toBeInstanceOf(
      DependencyUnavailableError,
    );
    expect(await pendingOutboxRows()).toBe(ROWS - batchSize);
    expect(await auditLogCounts()).toEqual({ rows: 2 * batchSize, ids: 2 * batchSize });

    // Batch 2 is taken again and found already present; batch 3 goes through; batch 4 meets an outage.
    store.faults.push("none", "refused");
    await expect(forwardAuditOutbox({ database, analytics: store.analytics }, options)).rejects.toBeInstanceOf(
      DependencyUnavailableError,
    );
    expect(await pendingOutboxRows()).toBe(ROWS - 3 * batchSize);

    // ClickHouse is back.
    const recovery = await forwardAuditOutbox({ database, analytics: store.analytics }, options);

    expect(recovery).toEqual({ forwarded: ROWS - 3 * batchSize, batches: 7 });
    expect(await pendingOutboxRows()).toBe(0);
    expect(await auditLogCounts()).toEqual({ rows: ROWS, ids: ROWS });
    // Exactly once on the wire too: the existence check, not a background merge, kept batch 2 single.
    expect(store.rowsSent()).toBe(ROWS);
  });

  it("keeps every row exactly once when an outage hits one of two batches in flight", async () => {
    await insertClockInsDirectly(ROWS);
    const store = scriptedAnalytics(analytics);
    const options = { batchSize: 500 };
    store.faults.push("none", "none", "reply-lost");

    await expect(forwardAuditOutbox({ database, analytics: store.analytics }, options)).rejects.toBeInstanceOf(
      DependencyUnavailableError,
    );
    // Whatever the interleaving, a row is either marked forwarded and in ClickHouse, or still pending.
    const pendingAfterOutage = await pendingOutboxRows();
    expect(pendingAfterOutage).toBeGreaterThan(0);
    expect(pendingAfterOutage % 500).toBe(0);
    expect((await auditLogCounts()).ids).toBeGreaterThanOrEqual(ROWS - pendingAfterOutage);

    store.faults.length = 0; // ClickHouse is back
    const recovery = await forwardAuditOutbox({ database, analytics: store.analytics }, options);
    expect(recovery.forwarded).toBe(pendingAfterOutage);
    expect(await pendingOutboxRows()).toBe(0);
    expect(await auditLogCounts()).toEqual({ rows: ROWS, ids: ROWS });
    // Only the batch whose reply was lost reached ClickHouse twice; its second insert sent nothing new.
    expect(store.rowsSent()).toBe(ROWS);
  });

  it("lets two forwarders run at once without sending any row twice", async () => {
    await insertClockInsDirectly(ROWS);
    const store = scriptedAnalytics(analytics);
    const forward = () => forwardAuditOutbox({ database, analytics: store.analytics }, { batchSize: 500 });

    const [first, second] = await Promise.all([forward(), forward()]);

    expect(first.forwarded + second.forwarded).toBe(ROWS);
    // Both took a share: the second skipped the rows the first had locked rather than waiting or resending.
    expect(Math.min(first.forwarded, second.forwarded)).toBeGreaterThan(0);
    expect(store.rowsSent()).toBe(ROWS);
    expect(await auditLogCounts()).toEqual({ rows: ROWS, ids: ROWS });
    expect(await pendingOutboxRows()).toBe(0);
  });

  it("leaves no outbox row when the audited change rolls back", async () => {
    const change = database.db.transaction(async (tx) => {
      await recordAudit(tx, { action: "personnel.clock_out", severity: "Info", entity: "employee_checkin" });
      throw new Error("the change failed after auditing");
    });

    await expect(change).rejects.toThrow("the change failed after auditing");
    expect(await database.db.$count(auditOutbox)).toBe(0);
  });

  it("keeps severity, actor, data and trace id from the outbox to audit_logs", async () => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const remoteParent = { traceparent: `00-${traceId}-00f067aa0ba902b7-01` };
    await withSpan("audited change", { remoteParent }, () =>
      recordAudit(database.db, {
        action: "personnel.manual_checkin",
        severity: "Warning",
        actorId: "admin-1",
        entity: "employee_checkin",
        entityId: "checkin-42",
        data: { source: "Manual", note: "forgot the badge" },
      }),
    );
    await recordAudit(database.db, { action: "personnel.clock_out", severity: "Info", entity: "employee_checkin" });

    const [manual] = await database.db.select().from(auditOutbox).where(eq(auditOutbox.entityId, "checkin-42"));
    expect(manual).toMatchObject({ severity: "Warning", traceId, actorId: "admin-1", forwardedAt: null });

    await forwardAuditOutbox({ database, analytics });

    const logs = await analytics.query<Record<string, unknown>>(
      "SELECT action, severity, actor_id, entity, entity_id, data, trace_id FROM audit_logs ORDER BY action",
    );
    expect(logs).toEqual([
      {
        action: "personnel.clock_out",
        severity: "Info",
        actor_id: null,
        entity: "employee_checkin",
        entity_id: null,
        data: "{}",
        trace_id: null,
      },
      {
        action: "personnel.manual_checkin",
        severity: "Warning",
        actor_id: "admin-1",
        entity: "employee_checkin",
        entity_id: "checkin-42",
        data: expect.any(String),
        trace_id: traceId,
      },
    ]);
    expect(JSON.parse(String(logs[1]?.data))).toEqual({ source: "Manual", note: "forgot the badge" });
  });

  it("purges outbox rows forwarded more than 7 days ago and keeps the rest", async () => {
    await recordClockIns(3);
    await forwardAuditOutbox({ database, analytics });
    const [stale] = await database.db.select({ id: auditOutbox.id }).from(auditOutbox).limit(1);
    await database.db
      .update(auditOutbox)
      .set({ forwardedAt: sql`now() - interval '8 days'` })
      .where(eq(auditOutbox.id, stale?.id ?? ""));

    await forwardAuditOutbox({ database, analytics });

    expect(await database.db.$count(auditOutbox)).toBe(2);
    expect(await auditLogCounts()).toEqual({ rows: 3, ids: 3 });
  });
});
