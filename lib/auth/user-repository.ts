import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { users } from "@/lib/platform/db/schema";

export type UserRow = typeof users.$inferSelect;

/** Emails are unique case-insensitively (a lower(email) unique index). */
export async function findUserByEmail(executor: Executor, email: string): Promise<UserRow | null> {
  const [user] = await executor.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return user ?? null;
}

export async function findUserById(executor: Executor, id: string): Promise<UserRow | null> {
  const [user] = await executor.select().from(users).where(eq(users.id, id));
  return user ?? null;
}
