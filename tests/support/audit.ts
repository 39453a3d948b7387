import { asc, eq } from "drizzle-orm";
import type { DatabaseAdapter } from "@/lib/platform/db";
import { auditOutbox } from "@/lib/platform/db/schema";

/** The audit entries written about one entity, oldest first, as they wait in the outbox. */
export const auditEntriesOf = (database: DatabaseAdapter, entityId: string) =>
  database.db.select().from(auditOutbox).where(eq(auditOutbox.entityId, entityId)).orderBy(asc(auditOutbox.seq));
