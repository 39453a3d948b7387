import type { Config } from "@/lib/config";
import { authKeys } from "@/lib/platform/auth-keys";
import type { Cache } from "@/lib/platform/cache";
import { platform } from "@/lib/platform/container";
import type { Database } from "@/lib/platform/db";

/** What the attendance services need; routes build it, tests build their own. */
export type AttendanceContext = {
  db: Database;
  cache: Cache;
  config: Pick<Config, "CLUB_TIMEZONE">;
  /** Signs list cursors. */
  cursorKey: Uint8Array;
  now: () => Date;
};

export async function attendanceContext(): Promise<AttendanceContext> {
  const running = await platform();
  return {
    db: running.database.db,
    cache: running.cache,
    config: running.config,
    cursorKey: (await authKeys(running.config)).cursor,
    now: () => new Date(),
  };
}
