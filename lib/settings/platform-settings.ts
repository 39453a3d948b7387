import type { Executor } from "@/lib/platform/db";
import { platformSettings } from "@/lib/platform/db/schema";

/**
 * What setup stored about the club, read by whoever needs it (password checks, mails). The setup flows that write
 * it live in lib/setup; this read stays apart so that auth and mail need not depend on them.
 */
export type PlatformSettings = { platformName: string; platformDescription: string | null };

export async function getPlatformSettings(executor: Executor): Promise<PlatformSettings | null> {
  const [settings] = await executor
    .select({ platformName: platformSettings.platformName, platformDescription: platformSettings.platformDescription })
    .from(platformSettings);
  return settings ?? null;
}

/** The club's name as mails show it; "ClubOps" before setup named it. */
export async function clubNameOf(executor: Executor): Promise<string> {
  return (await getPlatformSettings(executor))?.platformName ?? "ClubOps";
}
