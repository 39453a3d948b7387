import { auditOutboxGauges } from "@/lib/audit/metrics";
import { mailOutboxGauges } from "@/lib/mail/metrics";
import { platform } from "@/lib/platform/container";
import type { DatabaseAdapter } from "@/lib/platform/db";
import type { GaugeCollector, GaugeReading } from "@/lib/platform/metrics/registry";

function databasePoolGauges(database: DatabaseAdapter): GaugeReading[] {
  const { inUse, waiting, max } = database.poolUse();
  return [
    {
      name: "clubops_db_pool_in_use",
      help: "Database connections this instance's statements and transactions hold now.",
      samples: [{ value: inUse }],
    },
    {
      name: "clubops_db_pool_waiting",
      help: "Statements and transactions of this instance waiting for a free database connection now.",
      samples: [{ value: waiting }],
    },
    {
      name: "clubops_db_pool_max",
      help: "Database connections this instance may open (DATABASE_POOL_MAX; 1 on the embedded PGlite).",
      samples: [{ value: max }],
    },
  ];
}

/** A collector that reads from the running platform; while the platform cannot start, it fails and is counted. */
const onPlatform = (name: string, read: (database: DatabaseAdapter) => Promise<GaugeReading[]> | GaugeReading[]) => ({
  name,
  read: async () => read((await platform()).database),
});

/** The gauges GET /metrics reads at each scrape, beside the process's counters (lib/platform/metrics/registry.ts). */
export const scrapeCollectors: readonly GaugeCollector[] = [
  onPlatform("database-pool", databasePoolGauges),
  onPlatform("audit-outbox", auditOutboxGauges),
  onPlatform("mail-outbox", mailOutboxGauges),
];
