import type { Config } from "@/lib/config";
import { deliverMailSoon } from "@/lib/mail/dispatch";
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
  /** Called after a commit that queued mail, so it goes out now rather than at the next deliver-mail run. */
  sendQueuedMail: () => void;
};

export async function authContext(): Promise<AuthContext> {
  const running = await platform();
  const { database, cache, config } = running;
  return { database, cache, config, keys: await authKeys(config), sendQueuedMail: () => deliverMailSoon(running) };
}
