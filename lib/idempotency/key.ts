/** The request header (draft-ietf-httpapi-idempotency-key-header) and the answer header that marks a replay. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotency-Replayed";

/** What the rule reads of a route's declaration (lib/http/route.ts `Schemas`). */
export type IdempotencyDeclaration = {
  access?: unknown;
  body?: unknown;
  /** `false`: the answer holds credentials, which are never stored, so the key is not honoured. */
  idempotencyKey?: false;
};

/** PUT and DELETE too: a retried approval, photo replacement or conditional (If-Match) write would not repeat its answer. */
const CHANGING_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Changes by a signed-in caller, who is the key's scope. Anonymous endpoints (sign-in, refresh, registration,
 * recovery, setup) answer credentials or nothing telling, and have no caller to scope a key to: they ignore it.
 */
export const honoursIdempotencyKey = (method: string, declaration: IdempotencyDeclaration): boolean =>
  CHANGING_METHODS.has(method.toUpperCase()) &&
  declaration.access !== undefined &&
  declaration.idempotencyKey !== false;

/** 1 to 255 printable ASCII characters, e.g. a UUID. */
export const IDEMPOTENCY_KEY_PATTERN = "^[\\x20-\\x7E]{1,255}$";
const keyPattern = new RegExp(IDEMPOTENCY_KEY_PATTERN);

export const isValidIdempotencyKey = (key: string): boolean => keyPattern.test(key);
