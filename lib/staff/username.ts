import { inArray, sql } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { users } from "@/lib/platform/db/schema";

const MAX_TRIES = 50;

/** "Ana.García+club@x.es" → "ana.garc-a-club": the username rule allows letters, digits, dots, dashes, underscores. */
function usernameBase(email: string): string {
  const local = email.split("@")[0] ?? "";
  const cleaned = local
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, "-")
    .slice(0, 45);
  return cleaned.length >= 3 ? cleaned : `${cleaned}-staff`.replace(/^-/, "");
}

/**
 * A username nobody has yet, from the email: its local part, else the first free of local part + 2, 3, …. A staff
 * member signs in with their email, so the username only needs to be unique; a parallel insert taking the same one
 * meets the unique index (User.DuplicateUsername).
 */
export async function freeUsernameFor(executor: Executor, email: string): Promise<string> {
  const base = usernameBase(email);
  const candidates = [base, ...Array.from({ length: MAX_TRIES }, (_, index) => `${base}${index + 2}`)];
  const taken = await executor
    .select({ username: sql<string>`lower(${users.username})` })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, candidates));
  const takenNames = new Set(taken.map((row) => row.username));
  return candidates.find((candidate) => !takenNames.has(candidate)) ?? `${base}-${Date.now().toString(36)}`;
}
