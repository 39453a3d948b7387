import { randomUUID } from "node:crypto";
import { platform } from "@/lib/platform/container";
import type { Executor } from "@/lib/platform/db";
import { withBeforeCommit } from "@/lib/platform/db/transaction";
import { problemResponse, validationProblem } from "@/lib/platform/http/problem";
import { logger } from "@/lib/platform/logger";
import { drainedDigest, hashingBody, requestHashOf, scopeHashOf } from "./fingerprint";
import {
  honoursIdempotencyKey,
  IDEMPOTENCY_KEY_HEADER,
  type IdempotencyDeclaration,
  isValidIdempotencyKey,
  REPLAYED_HEADER,
} from "./key";
import {
  claimKey,
  findKey,
  type KeyOwner,
  type KeyRecord,
  LEASE_SECONDS,
  recordAnswer,
  releaseKey,
  renewLease,
  type StoredAnswer,
} from "./store";

/** What route() knows once the request passed authentication and parsing. */
export type IdempotentRequest = {
  /** The signed-in caller; undefined on an anonymous route. */
  callerId: string | undefined;
  declaration: IdempotencyDeclaration;
  /** The parsed JSON body; when the route declares no body schema, its handler streams the body (an upload). */
  body: unknown;
  /**
   * The answer the route gives for what a transaction of the change returned, when that is already its answer (a
   * success of the declared response's shape); undefined otherwise. Stored in that transaction, before it commits.
   */
  answerOf?: (committed: unknown) => Response | undefined;
};

/** The headers an answer is replayed with; never Set-Cookie, nor a trace id of the first attempt's own. */
const REPLAYED_HEADERS = ["content-type", "location", "etag", "last-modified", "content-location"] as const;

/** How often a running attempt renews its lease: well inside it, so a slow upload never loses its key. */
const LEASE_RENEWAL_MS = (LEASE_SECONDS * 1000) / 3;

/** A claim can lose to a key released in between (its attempt failed); try again a few times before saying 409. */
const CLAIM_TRIES = 3;

/**
 * Answers `respond(request)` once per caller and Idempotency-Key (docs/api.md, Idempotency): the first attempt runs
 * and its answer is kept 24 hours; a retry of the same request gets that answer again, marked Idempotency-Replayed;
 * the key on a different request is 422, and while the first attempt runs, 409. Without the header, or on a route
 * that does not honour it, the request simply runs.
 */
export async function answerOnce(
  request: Request,
  idempotent: IdempotentRequest,
  respond: (request: Request) => Promise<Response>,
): Promise<Response> {
  const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (
    key === null ||
    idempotent.callerId === undefined ||
    !honoursIdempotencyKey(request.method, idempotent.declaration)
  )
    return respond(request);
  if (!isValidIdempotencyKey(key))
    return validationProblem(request, {
      [IDEMPOTENCY_KEY_HEADER]: ["Must be 1 to 255 printable ASCII characters, e.g. a UUID."],
    });
  const { db } = (await platform()).database;
  const streamed = idempotent.declaration.body === undefined;
  const requestHash = requestHashOf(request, streamed ? "streamed" : { value: idempotent.body });
  const owner: KeyOwner = {
    userId: idempotent.callerId,
    scopeHash: scopeHashOf(request, key),
    attemptId: randomUUID(),
  };
  for (let attempt = 0; attempt < CLAIM_TRIES; attempt += 1) {
    if (await claimKey(db, owner, requestHash))
      return runFirstAttempt(db, owner, request, { streamed, answerOf: idempotent.answerOf }, respond);
    const existing = await findKey(db, owner);
    if (existing) return answerRetry(request, existing, requestHash);
  }
  return stillRunning(request);
}

/**
 * A 5xx (or 499, the client went away) says the change did not happen or is unknown, and a 429 says "later":
 * none is an answer to keep, so the key is released and a retry runs again.
 */
const isKept = (status: number) => status < 499 && status !== 429;

/**
 * Runs the first attempt. Its answer is stored in the transaction that commits the change, when the route can tell it
 * then (`answerOf`): a committed change then always replays its answer, even when the attempt itself failed after the
 * commit (a database restart between the commit and a later read answered 503, and the retry ran again). Otherwise,
 * and for an upload (whose bytes are hashed as they stream), it is stored once the attempt answered.
 */
async function runFirstAttempt(
  db: Executor,
  owner: KeyOwner,
  request: Request,
  { streamed, answerOf }: { streamed: boolean; answerOf: IdempotentRequest["answerOf"] },
  respond: (request: Request) => Promise<Response>,
): Promise<Response> {
  const upload = streamed ? hashingBody(request) : undefined;
  const lease = setInterval(() => {
    renewLease(db, owner).catch((error: unknown) => logger.warn({ err: error }, "idempotency lease not renewed"));
  }, LEASE_RENEWAL_MS);
  lease.unref();
  const storedWithChange =
    answerOf && !streamed
      ? async (tx: Executor, committed: unknown) => {
          const answer = answerOf(committed);
          if (answer) await recordAnswer(tx, owner, await storableAnswer(answer), null);
        }
      : undefined;
  try {
    const attempt = () => respond(upload?.request ?? request);
    const response = await (storedWithChange ? withBeforeCommit(storedWithChange, attempt) : attempt());
    if (!isKept(response.status)) {
      // A key whose change committed keeps the answer stored with it; only one with nothing stored is released.
      await releaseQuietly(db, owner);
      return response;
    }
    const answer = await storableAnswer(response);
    // The change is done: a failure to record its answer must not turn it into an error (a retry after the lease
    // would then run again, which is logged here).
    await recordAnswer(db, owner, answer, upload?.digest() ?? null).catch((error: unknown) =>
      logger.error({ err: error }, "idempotency answer not recorded"),
    );
    return new Response(answer.body, { status: response.status, headers: response.headers });
  } catch (error) {
    await releaseQuietly(db, owner);
    throw error;
  } finally {
    clearInterval(lease);
  }
}

async function storableAnswer(response: Response): Promise<StoredAnswer> {
  const body = await response.text();
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { status: response.status, headers, body: body === "" ? null : body };
}

/** Released or not, the failure being answered is the one the client needs to see; a kept key frees with its lease. */
async function releaseQuietly(db: Executor, owner: KeyOwner): Promise<void> {
  await releaseKey(db, owner).catch((error: unknown) => logger.warn({ err: error }, "idempotency key not released"));
}

async function answerRetry(request: Request, existing: KeyRecord, requestHash: string): Promise<Response> {
  if (existing.requestHash !== requestHash) return reusedKey(request);
  if (existing.responseStatus === null) return stillRunning(request);
  // An upload's bytes were hashed as the first attempt stored them; the retry's are read (not stored) to compare.
  if (existing.uploadHash !== null && (await drainedDigest(request)) !== existing.uploadHash) return reusedKey(request);
  const headers = new Headers(existing.responseHeaders ?? {});
  headers.set(REPLAYED_HEADER, "true");
  return new Response(existing.responseBody, { status: existing.responseStatus, headers });
}

function reusedKey(request: Request): Response {
  return problemResponse(request, 422, "The Idempotency-Key was used for a different request.", {
    detail:
      "A key stands for one request (method, path, query and body) for 24 hours; use a new key for a new request.",
  });
}

function stillRunning(request: Request): Response {
  const response = problemResponse(request, 409, "A request with this Idempotency-Key is still being processed.", {
    detail: "Retry after it finishes: its answer is then replayed.",
  });
  response.headers.set("retry-after", "1");
  return response;
}
