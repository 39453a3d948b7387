import type { Config } from "@/lib/config";
import { type AuthKeys, authKeys } from "@/lib/platform/auth-keys";
import type { Cache } from "@/lib/platform/cache";
import { platform } from "@/lib/platform/container";
import type { DatabaseAdapter } from "@/lib/platform/db";

/** What the auth services need; routes build it once per request, tests build their own. */
export type AuthContext = {
  database: DatabaseAdapter;
  cache: Cache;
  config: Config;
  keys: AuthKeys;
};

export async function authContext(): Promise<AuthContext> {
  const { database, cache, config } = await platform();
  return { database, cache, config, keys: await authKeys(config) };
}
