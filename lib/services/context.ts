import type { Config } from "@/lib/config";
import type { EventDispatcher } from "@/lib/events/dispatcher";
import type { Analytics } from "@/lib/platform/analytics";
import type { AuthKeys } from "@/lib/platform/auth-keys";
import type { Cache } from "@/lib/platform/cache";
import type { Database } from "@/lib/platform/db";
import type { EmailRenderer } from "@/lib/platform/email-renderer";
import type { Storage } from "@/lib/platform/storage";
import type { ClubLocale } from "@/lib/settings/club-settings";

/** Who acts: the signed-in caller's id (for the audit trail) and permissions (what they may grant). */
export type Actor = { readonly id: string; readonly permissions: readonly string[] };

/**
 * Everything a service may be given. One factory builds it (lib/composition/services.ts): route() for every request,
 * with the caller as actor (null on anonymous routes), and jobs and console pages the same way. A service declares the
 * slice it uses as a Pick of this type, so a test builds only that slice.
 */
export type ServiceContext = {
  db: Database;
  cache: Cache;
  storage: Storage;
  analytics: Analytics;
  renderer: EmailRenderer;
  config: Config;
  /** The club's language, time zone and currency as stored (GET /api/settings), read when the context is built. */
  club: ClubLocale;
  keys: AuthKeys;
  actor: Actor | null;
  events: EventDispatcher;
  now: () => Date;
};

/** What a service that acts for someone adds to its slice: its routes declare `access`, so the caller is known. */
export type Acting = { actor: Actor };

/** The actor's id for the audit trail; null when the system acts. */
export const actorIdOf = ({ actor }: Pick<ServiceContext, "actor">): string | null => actor?.id ?? null;
