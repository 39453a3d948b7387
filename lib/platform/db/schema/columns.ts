import { sql } from "drizzle-orm";
import { integer, timestamp, uuid } from "drizzle-orm/pg-core";

export const id = () => uuid("id").primaryKey().default(sql`gen_random_uuid()`);
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A row's version for conditional requests (ETag / If-Match, docs/api.md "Concurrency control"): 1 on insert, and
 * every UPDATE of the row adds 1 in that same statement (`nextVersion`, lib/platform/db/row-version.ts).
 */
export const version = () => integer("version").notNull().default(1);
