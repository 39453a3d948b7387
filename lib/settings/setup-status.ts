import type { Executor } from "@/lib/platform/db";
import { users } from "@/lib/platform/db/schema";

export type SetupStatus = "incomplete" | "complete";

/** Spec 3.5: setup is complete once any user exists. */
export async function getSetupStatus(db: Executor): Promise<SetupStatus> {
  const anyUser = await db.select({ id: users.id }).from(users).limit(1);
  return anyUser.length > 0 ? "complete" : "incomplete";
}
