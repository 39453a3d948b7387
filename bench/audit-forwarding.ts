// Audit forwarding rate: N outbox rows → ClickHouse audit_logs (chDB), on the database DATABASE_URL names
// (the real PostgreSQL under `npm run bench`) or PGlite.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { forwardAuditOutbox } from "@/lib/audit/forwarder";
import { loadConfig } from "@/lib/config";
import { createAnalytics } from "@/lib/platform/analytics";
import { createTestDatabase } from "@/tests/support/test-database";
import { writeResults } from "./results-file";

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 100_000);
const dataDir = mkdtempSync(path.join(tmpdir(), "clubops-bench-"));
const database = await createTestDatabase();
const analytics = createAnalytics(loadConfig({ DATA_DIR: dataDir }));

try {
  await analytics.migrate();
  await database.db.execute(sql`
    insert into audit_outbox (action, severity, actor_id, entity, entity_id, data)
    select 'personnel.clock_in', 'Info', 'bench-user', 'employee', 'e-' || n, jsonb_build_object('source', 'MobileApp', 'n', n)
    from generate_series(1, ${ROWS}) as n`);

  const started = performance.now();
  const { forwarded } = await forwardAuditOutbox({ database, analytics }, { maxBatches: Number.MAX_SAFE_INTEGER });
  const seconds = (performance.now() - started) / 1000;
  const [stored] = await analytics.query<{ rows: string }>("SELECT count() AS rows FROM audit_logs");
  if (forwarded !== ROWS || Number(stored?.rows) !== ROWS)
    throw new Error(`forwarded ${forwarded}, stored ${stored?.rows}`);

  writeResults(
    "audit-forwarding",
    [
      {
        name: "audit rows forwarded per second",
        unit: "rows/s",
        measured: Math.round(ROWS / seconds),
        target: { op: ">=", value: 50_000 },
      },
    ],
    { rows: ROWS, database: database.kind, analytics: analytics.kind },
  );
} finally {
  await Promise.allSettled([database.close(), analytics.close()]);
  rmSync(dataDir, { recursive: true, force: true });
}
