/** The distributed cache: short-lived values, locks and counters shared by every app instance. */
export interface Cache {
  readonly kind: "redis" | "memory";
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Adds one to the counter at `key` (created with a `ttlSeconds` expiry); returns the count and seconds left. */
  increment(key: string, ttlSeconds: number): Promise<{ count: number; ttlSeconds: number }>;
  /** Takes `key` for `ttlSeconds` if nobody holds it; returns the holder token, or null when taken. */
  acquireLock(key: string, ttlSeconds: number): Promise<string | null>;
  /** Releases `key` only if `token` still holds it. */
  releaseLock(key: string, token: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
