import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { users } from "@/lib/platform/db/schema";
import type { NewAccount } from "./account-schema";

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

/** The columns every new account sets (sign-up, the first super-admin, staff-created accounts); callers add the rest. */
export function newUserValues(account: Omit<NewAccount, "password">, passwordHash: string) {
  const { email, username, firstName, lastName } = account;
  return { email, username, firstName, lastName, passwordHash };
}
