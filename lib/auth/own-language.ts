import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "@/lib/platform/db";
import { users } from "@/lib/platform/db/schema";
import { languageField } from "@/lib/settings/club-settings";
import { type ClubLanguage, isClubLanguage } from "@/lib/settings/languages";

/** The console's language a user picked; null follows the club's. */
export type OwnLanguage = { language: ClubLanguage | null };

export const ownLanguageSchema = z.object({ language: languageField.nullable() });

/**
 * A preference of the caller's own, like their session: not audited. The row's version stays, since it guards what
 * staff edit of the account (GET/PUT /api/users/{id}), which this is not.
 */
export async function setOwnLanguage(db: Executor, userId: string, input: OwnLanguage): Promise<OwnLanguage> {
  await db.update(users).set({ language: input.language }).where(eq(users.id, userId));
  return { language: input.language };
}

/** A stored language, typed; anything else (impossible under the column's check) reads as none. */
export const ownLanguageOf = (stored: string | null): ClubLanguage | null => (isClubLanguage(stored) ? stored : null);

/** The language a user picked, for the console's cookie at sign-in. */
export async function getOwnLanguage(db: Executor, userId: string): Promise<ClubLanguage | null> {
  const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return ownLanguageOf(user?.language ?? null);
}
