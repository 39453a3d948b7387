import { asc, ilike, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "@/lib/platform/db";
import { containing } from "@/lib/platform/db/like";
import { users } from "@/lib/platform/db/schema";

/** At most this many people are suggested at once: the viewer's picker narrows as one types. */
const MAX_SUGGESTED = 20;

export const auditActorQuery = z.object({
  search: z
    .string()
    .trim()
    .max(200, "Use at most 200 characters.")
    .optional()
    .meta({ description: "Part of the user's name or email; empty lists the first users by name." }),
});
type AuditActorQuery = z.output<typeof auditActorQuery>;

export type AuditActorChoice = { id: string; name: string; email: string };

/**
 * The users the audit viewer's actor filter offers, by name or email, whatever their state (a deactivated user's
 * entries stay in the trail). The viewer holds `audit:read`, not necessarily `users:read`: it learns names and emails
 * only, as the trail's entries already show them.
 */
export async function listAuditActors(db: Executor, query: AuditActorQuery): Promise<{ items: AuditActorChoice[] }> {
  const name = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
  const pattern = query.search ? containing(query.search) : undefined;
  const items = await db
    .select({ id: users.id, name, email: users.email })
    .from(users)
    .where(pattern ? or(ilike(name, pattern), ilike(users.email, pattern)) : undefined)
    .orderBy(asc(sql`lower(${name})`), asc(users.id))
    .limit(MAX_SUGGESTED);
  return { items };
}
