// `npm run db:migrate`: applies the PostgreSQL and ClickHouse migrations, then exits.
// On the embedded PGlite default, run it while the app is stopped (one process owns .data/pglite).
import { getConfig } from "@/lib/config";
import { createAnalytics } from "@/lib/platform/analytics";
import { closeDataDir, tightenDataDir } from "@/lib/platform/data-dir";
import { createDatabase } from "@/lib/platform/db";

const config = getConfig();
await closeDataDir(config.dataDir);
const database = await createDatabase(config);
const analytics = createAnalytics(config);
try {
  await database.migrate();
  await analytics.migrate();
  await tightenDataDir(config.dataDir);
  console.log(`migrations applied (database: ${database.kind}, analytics: ${analytics.kind})`);
} finally {
  await Promise.allSettled([database.close(), analytics.close()]);
}
