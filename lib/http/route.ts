import type { z } from "zod";
import { type Access, authenticate, authorize, type Principal } from "@/lib/auth/authenticate";
import { serviceContext } from "@/lib/composition/services";
import { getConfig } from "@/lib/config";
import { answerOnce } from "@/lib/idempotency/http";
import { platform } from "@/lib/platform/container";
import { withDatabaseDeadline } from "@/lib/platform/db/deadline";
import { exceptionResponse } from "@/lib/platform/http/exception";
import { unstorableTextProblem } from "@/lib/platform/http/params";
import { problemResponse, validationProblem } from "@/lib/platform/http/problem";
import { checkRateLimit, type RateLimitPolicy } from "@/lib/platform/http/rate-limit";
import type { BusinessError, FailureKind, Result } from "@/lib/platform/result";
import type { Acting, ServiceContext } from "@/lib/services/context";
import { answerWithinTrace, type LocationTemplate } from "./answer-headers";
import { bearerChallenge } from "./bearer-challenge";
import { preconditionFailed, withEntityTag } from "./entity-tags";
import { measured } from "./request-metrics";

const STATUS_BY_KIND: Record<FailureKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition_failed: 412,
  rate_limited: 429,
};

/** Requests larger than this are refused before parsing (413). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

export function businessErrorResponse(error: BusinessError): Response {
  const headers = {
    ...(error.retryAfterSeconds !== undefined && { "retry-after": String(error.retryAfterSeconds) }),
    ...(error.kind === "unauthorized" && { "www-authenticate": bearerChallenge(error) }),
  };
  return Response.json({ code: error.code, message: error.message }, { status: STATUS_BY_KIND[error.kind], headers });
}

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/** How a successful answer looks, for the API reference when the handler builds its own Response (CSV, cookies). */
type ResponseDoc = {
  /** Defaults to `successStatus`, else 200. */
  status?: number;
  description?: string;
  /** The JSON body (absent for 204). */
  schema?: z.ZodType;
  /** Defaults to application/json; several for a file sent in the type it was stored with. */
  contentType?: string | readonly string[];
  /** The body is a stored file's bytes (lib/files contentResponse): ETag, one Range (206, 416), If-None-Match (304). */
  storedFile?: true;
};

/**
 * What a route declares: the wrapper acts on `access` to `successStatus`; the API reference (lib/openapi)
 * reads all of it, so the document is generated from the very schemas that validate requests.
 */
export type Schemas<P, Q, B, A extends Access | undefined> = {
  /** Who may call: a permission (401 without a valid token, 403 without the permission) or any signed-in user. */
  access?: A;
  /** Counts the request against a per-client-IP limit before anything else (429 over it). */
  rateLimit?: RateLimitPolicy;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /**
   * The handler calls no service (health, the API description, 404s, the console's proxies): route() builds no
   * service context for it (`services` is null), so it still answers while the platform cannot start.
   */
  withoutServices?: true;
  /** Status of a successful result; 200 unless set. 204 answers with no body, whatever the result's value. */
  successStatus?: number;
  /** A 201's `Location`: the created resource's URL, `{field}`s filled from the answer's body (`/api/plans/{id}`). */
  location?: LocationTemplate;
  /**
   * The answer is one record with a `version` (lib/http/entity-tags.ts): it carries it as its ETag, and the API reference
   * documents If-Match and 412 on PUT and DELETE, whose handler passes `expectedVersion(request)` to the service.
   */
  versioned?: boolean;
  /** Documentation only (no effect on handling): one line for the reference; its group (default: the first path segment). */
  summary?: string;
  description?: string;
  tags?: readonly string[];
  /** Documentation only: the body is a file the handler streams as is, not JSON (`body` stays unset). */
  rawBody?: { contentTypes?: readonly string[]; description?: string };
  /** Documentation only: the success answer's body schema, or its shape when the handler builds the Response itself. */
  response?: ResponseDoc;
  /** Documentation only: business errors the operation can answer besides the wrapper's own (auth, validation, rate limit). */
  errors?: readonly BusinessError[];
  /** `false` when the answer holds credentials (tokens, cookies): never stored, so Idempotency-Key is not honoured. */
  idempotencyKey?: false;
  /** Documentation only: request headers the handler reads and passes to its service (the setup code). */
  requestHeaders?: readonly RequestHeaderDoc[];
};

export type RequestHeaderDoc = { name: string; required: boolean; description: string; example: string };

/** Any route's declaration, as the API reference reads it. */
export type RouteDeclaration = Schemas<unknown, unknown, unknown, Access | undefined>;

export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

const declarations = new WeakMap<RouteHandler, RouteDeclaration>();

/** The schemas a handler made by route() was declared with; undefined for a handler made otherwise. */
export function routeDeclaration(handler: unknown): RouteDeclaration | undefined {
  return typeof handler === "function" ? declarations.get(handler as RouteHandler) : undefined;
}

/** The status code of a business error, as the wrapper answers it. */
export const statusOfError = (error: BusinessError): number => STATUS_BY_KIND[error.kind];

type RouteInput<P, Q, B, A extends Access | undefined = undefined> = {
  params: P;
  query: Q;
  body: B;
  request: Request;
  /** The authenticated caller when the route declares `access`. */
  principal: A extends Access ? Principal : undefined;
  /** The service context, with the caller as actor (actor null without `access`; null with `withoutServices`). */
  services: A extends Access ? ServiceContext & Acting : ServiceContext;
};

type Handler<P, Q, B, A extends Access | undefined, T> = (
  input: RouteInput<P, Q, B, A>,
) => Promise<Result<T> | Response>;

class InvalidRequest {
  constructor(readonly response: Response) {}
}

function issuesToErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "$";
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

/**
 * Fields of parsed input holding text PostgreSQL cannot store: U+0000 (text and jsonb) or an unpaired surrogate
 * (jsonb), which would fail the insert or query with a 500. Iterative, since a schema's `unknown` field may hold
 * JSON nested thousands deep.
 */
function unstorableTextErrors(value: unknown): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const report = (path: string[], text: string) => {
    const problem = unstorableTextProblem(text);
    if (!problem) return;
    const key = path.length > 0 ? path.join(".") : "$";
    errors[key] = [...(errors[key] ?? []), problem];
  };
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === "string") {
      report(path, current);
    } else if (Array.isArray(current)) {
      for (const [index, item] of current.entries()) pending.push({ value: item, path: [...path, String(index)] });
    } else if (current !== null && typeof current === "object" && Object.getPrototypeOf(current) === Object.prototype) {
      for (const [key, item] of Object.entries(current)) {
        report(path, key);
        pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

function parsePart<T>(
  request: Request,
  schema: z.ZodType<T> | undefined,
  value: unknown,
  options: { refuseUnstorable: boolean },
): T {
  if (!schema) return undefined as T;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new InvalidRequest(validationProblem(request, issuesToErrors(parsed.error.issues)));
  const unstorable = options.refuseUnstorable ? unstorableTextErrors(parsed.data) : null;
  if (unstorable) throw new InvalidRequest(validationProblem(request, unstorable));
  return parsed.data;
}

function queryObject(request: Request): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URL(request.url).searchParams) {
    const existing = query[key];
    query[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return query;
}

/**
 * The body as text, read chunk by chunk so that a body sent without Content-Length (chunked) is refused as soon as
 * it passes the limit instead of being buffered whole first; null when it is too large.
 */
async function readLimitedText(request: Request): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  // As request.text() decodes: UTF-8, a leading BOM dropped, invalid bytes replaced.
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** `application/json` or a `+json` type (RFC 6839), parameters such as charset allowed. */
export function isJsonMediaType(contentType: string): boolean {
  const [type = ""] = contentType.split(";");
  const mediaType = type.trim().toLowerCase();
  return mediaType === "application/json" || /^application\/[\w.!#$&^-]+\+json$/.test(mediaType);
}

/**
 * A JSON body must say it is JSON. Forms, text/plain and multipart (and a typeless blob) are what a foreign page can
 * send cross-site without a CORS preflight, so accepting them would let it act with the victim's browser, e.g. sign
 * them in to the attacker's account (login CSRF). A request without any body needs no type.
 */
async function readJsonBody(request: Request): Promise<unknown> {
  const contentType = request.headers.get("content-type");
  if (contentType !== null && !isJsonMediaType(contentType)) throw new InvalidRequest(unsupportedMediaType(request));
  const declaredLength = Number(request.headers.get("content-length") ?? "0");
  if (declaredLength > MAX_JSON_BODY_BYTES) throw new InvalidRequest(tooLarge(request));
  const text = await readLimitedText(request);
  if (text === null) throw new InvalidRequest(tooLarge(request));
  if (text.trim() === "") return undefined;
  if (contentType === null) throw new InvalidRequest(unsupportedMediaType(request));
  try {
    return JSON.parse(text);
  } catch {
    throw new InvalidRequest(validationProblem(request, { $: ["The request body is not valid JSON."] }));
  }
}

function unsupportedMediaType(request: Request): Response {
  return problemResponse(request, 415, "The request body must be JSON.", {
    detail: "Send the body with Content-Type: application/json.",
  });
}

function tooLarge(request: Request): Response {
  return problemResponse(request, 413, "The request body is too large.", {
    detail: `The limit is ${MAX_JSON_BODY_BYTES} bytes.`,
  });
}

async function rateLimited(request: Request, policy: RateLimitPolicy | undefined): Promise<Response | null> {
  if (!policy) return null;
  const rejection = await checkRateLimit(await platform(), policy, request.headers);
  return rejection && businessErrorResponse(rejection);
}

/** Authentication before validation, so an anonymous caller learns nothing about a payload's rules. */
async function principalFor(
  request: Request,
  access: Access | undefined,
  services: ServiceContext | null,
): Promise<Result<Principal | undefined>> {
  if (!access) return { ok: true, value: undefined };
  const authenticated = await authenticate(
    services ?? (await serviceContext(null)),
    request.headers.get("authorization"),
  );
  return authenticated.ok ? authorize(authenticated.value, access) : authenticated;
}

/** The handler's result as the answer: a Response as it is, a failure by its kind, a value as JSON. */
function responseOf<T>(
  request: Request,
  schemas: { successStatus?: number; versioned?: boolean },
  result: Result<T> | Response,
): Response {
  if (result instanceof Response) return result;
  if (!result.ok) {
    const { errors } = result.error;
    if (result.error.kind === "precondition_failed") return preconditionFailed(request, result.error);
    return errors ? validationProblem(request, { ...errors }) : businessErrorResponse(result.error);
  }
  const status = schemas.successStatus ?? 200;
  if (status === 204) return new Response(null, { status });
  const response = Response.json(result.value, { status });
  return schemas.versioned ? withEntityTag(response, result.value) : response;
}

/**
 * The answer a transaction's committed value already is, for the Idempotency-Key's record (lib/idempotency/http.ts): a
 * success whose value has the shape the route declares it answers. A service whose transaction returns only an id,
 * and reads its answer afterwards, gives none; its answer is recorded once the request answered.
 */
function answerOfCommitted(
  request: Request,
  schemas: { successStatus?: number; versioned?: boolean; response?: ResponseDoc },
  committed: unknown,
): Response | undefined {
  const shape = schemas.response?.schema;
  if (!shape || !isSuccess(committed)) return undefined;
  // The schema describes the JSON sent (dates as text), so the value is checked as it will be sent.
  if (!shape.safeParse(JSON.parse(JSON.stringify(committed.value ?? null))).success) return undefined;
  return responseOf(request, schemas, committed);
}

const isSuccess = (value: unknown): value is { ok: true; value: unknown } =>
  typeof value === "object" && value !== null && "ok" in value && value.ok === true && "value" in value;

/**
 * The one wrapper every route handler goes through: trace context, request metrics, rate limit, authentication
 * and permission, zod parsing of params, query and body, Idempotency-Key, business results mapped
 * to status codes, and exceptions mapped by the spec's order.
 */
export function route<
  P = undefined,
  Q = undefined,
  B = undefined,
  A extends Access | undefined = undefined,
  T = unknown,
>(schemas: Schemas<P, Q, B, A>, handler: Handler<P, Q, B, A, T>): RouteHandler {
  const answer: RouteHandler = (request, context) =>
    answerWithinTrace(request, { location: schemas.location, signedIn: schemas.access !== undefined }, () =>
      // Its database work bounded, so a database that stops answering gets a 504, not a request that never ends.
      withDatabaseDeadline(getConfig().DATABASE_REQUEST_DEADLINE_MS, async () => {
        try {
          const limited = await rateLimited(request, schemas.rateLimit);
          if (limited) return limited;
          const anonymous = schemas.withoutServices ? null : await serviceContext(null);
          const principal = await principalFor(request, schemas.access, anonymous);
          if (!principal.ok) return businessErrorResponse(principal.error);
          // Text PostgreSQL cannot store is refused in path parameters and JSON bodies; query values are the schemas'
          // to judge (a file name drops control characters rather than refusing them; searches use `withoutNul`).
          const params = parsePart(request, schemas.params, await context.params, { refuseUnstorable: true });
          const query = parsePart(request, schemas.query, queryObject(request), { refuseUnstorable: false });
          const body = schemas.body
            ? parsePart(request, schemas.body, await readJsonBody(request), { refuseUnstorable: true })
            : (undefined as B);
          const services = (anonymous && { ...anonymous, actor: principal.value ?? null }) as RouteInput<
            P,
            Q,
            B,
            A
          >["services"];
          // A keyed change runs once; its retries are answered from lib/idempotency (an upload's body hashed on the way).
          const respond = async (request: Request) =>
            responseOf(
              request,
              schemas,
              await handler({
                params,
                query,
                body,
                request,
                principal: principal.value as RouteInput<P, Q, B, A>["principal"],
                services,
              }),
            );
          const answerOf = (committed: unknown) => answerOfCommitted(request, schemas, committed);
          return await answerOnce(
            request,
            { callerId: principal.value?.id, declaration: schemas, body, answerOf },
            respond,
          );
        } catch (error) {
          if (error instanceof InvalidRequest) return error.response;
          return exceptionResponse(request, error);
        }
      }),
    );
  // Every answer is counted by its route template and status, with its duration (lib/platform/metrics).
  const handle = measured(answer);
  declarations.set(handle, schemas as RouteDeclaration);
  return handle;
}
