import "server-only";
import { refreshSession } from "@/lib/auth/refresh";
import type { Session } from "@/lib/auth/session";
import { serviceContext } from "@/lib/composition/services";
import type { Result } from "@/lib/platform/result";

/** How long a refresh's outcome answers for the token it consumed. */
const GRACE_MS = 30_000;

const recent = new Map<string, { startedAt: number; outcome: Promise<Result<Session>> }>();

/**
 * Refresh tokens rotate, and presenting a rotated one revokes the whole login. Several requests of one
 * browser (tabs, a session poll racing an API retry) carry the same cookie, so within a short grace
 * period every refresh of one token shares the first one's outcome instead of tripping reuse detection.
 * The map lives in this process and saves a rotation per burst; across instances the API's own reuse interval
 * (REFRESH_REUSE_INTERVAL_SECONDS) answers the same successor, so the console needs no sticky sessions unless it is 0.
 */
export function refreshOnce(refreshToken: string, userAgent: string | null): Promise<Result<Session>> {
  const now = Date.now();
  for (const [token, entry] of recent) {
    if (now - entry.startedAt > GRACE_MS) recent.delete(token);
  }
  const known = recent.get(refreshToken);
  if (known) return known.outcome;
  const outcome = serviceContext(null).then((ctx) => refreshSession(ctx, refreshToken, userAgent));
  recent.set(refreshToken, { startedAt: now, outcome });
  // An outage is not an answer: the next attempt tries again.
  outcome.catch(() => recent.delete(refreshToken));
  return outcome;
}
