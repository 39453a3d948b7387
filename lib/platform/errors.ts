/**
 * Exceptions are for the unexpected only. Adapters raise these two when a
 * supporting component cannot answer, so one mapper can turn them into 503/504.
 */
export class DependencyUnavailableError extends Error {
  override readonly name = "DependencyUnavailableError";
  constructor(
    readonly component: string,
    options?: { cause?: unknown },
  ) {
    super(`${component} is unavailable`, options);
  }
}

export class DependencyTimeoutError extends Error {
  override readonly name = "DependencyTimeoutError";
  constructor(
    readonly component: string,
    readonly timeoutMs: number,
  ) {
    super(`${component} did not answer within ${timeoutMs} ms`);
  }
}

export type ExceptionKind = "cancelled" | "database" | "timeout" | "unexpected";

/** Socket-level codes: the peer is down or unreachable, whichever driver reports it. */
const NETWORK_FAILURE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "ETIMEDOUT",
]);
/** SQLSTATE classes and postgres.js codes that mean the database itself is unreachable or refusing work. */
const DATABASE_DOWN_SQLSTATE = /^(08|53|57P0[1-3])/;
const POSTGRES_JS_CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);
const STATEMENT_TIMEOUT_SQLSTATE = "57014";
/** lock_not_available: a lock_timeout ran out (lib/billing/chain.ts bounds a request's wait for the issuing locks). */
const LOCK_TIMEOUT_SQLSTATE = "55P03";

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

/** Whether `error` is a socket-level failure to reach a peer (as opposed to an error reply). */
export function isNetworkFailure(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && NETWORK_FAILURE_CODES.has(code);
}

/** Walks the cause chain (drizzle wraps driver errors) from the outermost error inwards. */
function* causes(error: unknown): Generator<unknown> {
  let current = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 8; depth += 1) {
    yield current;
    current = current instanceof Error ? current.cause : undefined;
  }
}

/** The SQLSTATE of a database error, wherever drizzle nested the driver's error. */
export function sqlStateOf(error: unknown): string | undefined {
  for (const e of causes(error)) {
    const code = codeOf(e);
    if (code && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The constraint a unique violation (23505) hit: postgres.js calls it `constraint_name`, PGlite `constraint`. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  for (const e of causes(error)) {
    if (codeOf(e) !== "23505" || typeof e !== "object" || e === null) continue;
    const named = "constraint_name" in e ? e.constraint_name : "constraint" in e ? e.constraint : undefined;
    return typeof named === "string" ? named : "";
  }
  return undefined;
}

/** The spec's exception mapping, tried in order: cancelled, database failure, timeout, anything else. */
export function classifyException(error: unknown, requestAborted = false): ExceptionKind {
  const chain = [...causes(error)];
  if (requestAborted || chain.some((e) => e instanceof Error && e.name === "AbortError")) return "cancelled";
  const isDatabaseDown = chain.some((e) => {
    const code = codeOf(e) ?? "";
    return (
      e instanceof DependencyUnavailableError ||
      isNetworkFailure(e) ||
      POSTGRES_JS_CONNECTION_CODES.has(code) ||
      DATABASE_DOWN_SQLSTATE.test(code)
    );
  });
  if (isDatabaseDown) return "database";
  const isTimeout = chain.some(
    (e) =>
      e instanceof DependencyTimeoutError ||
      (e instanceof Error && e.name === "TimeoutError") ||
      codeOf(e) === STATEMENT_TIMEOUT_SQLSTATE ||
      codeOf(e) === LOCK_TIMEOUT_SQLSTATE,
  );
  return isTimeout ? "timeout" : "unexpected";
}

/** Rejects with DependencyTimeoutError when `work` takes longer than `timeoutMs`. */
export async function withTimeout<T>(component: string, timeoutMs: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DependencyTimeoutError(component, timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
