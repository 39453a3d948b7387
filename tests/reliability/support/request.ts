import type { RouteHandler } from "@/lib/http/route";
import { trustPeerAddressHeader } from "@/lib/platform/http/client-ip";

// Route handlers are called here as scripts/server.mjs calls them: with the peer address it wrote.
trustPeerAddressHeader();

/** One request as a client could send it: raw query text, raw body bytes or text, any header. */
export type RawRequest = {
  method: string;
  /** Path as sent (path parameters already percent-encoded into it). */
  path: string;
  /** Raw query text after `?`, sent as is. */
  query?: string;
  /** Path parameters as Next.js hands them to the handler (decoded). */
  params?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
};

export type RawReply = {
  status: number;
  contentType: string;
  /** Parsed JSON when the answer says it is JSON, else undefined. */
  json: unknown;
  text: string;
  ms: number;
};

/** Calls a route handler the way Next.js would and reads the whole answer. */
export async function send(handler: RouteHandler, request: RawRequest): Promise<RawReply> {
  const url = `http://localhost${request.path}${request.query ? `?${request.query}` : ""}`;
  const started = performance.now();
  const response = await handler(
    new Request(url, {
      method: request.method,
      headers: new Headers(request.headers ?? {}),
      body:
        request.body === undefined
          ? undefined
          : typeof request.body === "string"
            ? request.body
            : Buffer.from(request.body),
    }),
    { params: Promise.resolve(request.params ?? {}) },
  );
  const text = await response.text();
  const ms = performance.now() - started;
  const contentType = response.headers.get("content-type") ?? "";
  let json: unknown;
  if (/json/.test(contentType) && text !== "") json = JSON.parse(text);
  return { status: response.status, contentType, json, text, ms };
}

const BUSINESS_STATUSES = new Set([400, 401, 403, 404, 409, 429]);
const TRACE_ID = /^[0-9a-f]{32}$/;

/**
 * What is wrong with a 4xx/5xx answer's body by docs/api.md (Conventions, Errors): business refusals are exactly
 * `{code, message}` (codes `Module.Error`, or the spec's unprefixed `AlreadyDecided`); everything else is RFC 9457 problem details (`type, title, status, instance, traceId`), with
 * `errors` (field → messages) on a 400. Returns null when the body has the documented shape.
 */
export function errorShapeProblem(request: Pick<RawRequest, "method" | "path">, reply: RawReply): string | null {
  const body = reply.json as Record<string, unknown> | undefined;
  if (reply.status === 499) return reply.text === "" ? null : "499 with a body";
  if (!body || typeof body !== "object" || Array.isArray(body))
    return `not a JSON object (${reply.contentType}): ${reply.text.slice(0, 200)}`;
  if (reply.contentType.startsWith("application/problem+json")) {
    const { type, title, status, instance, traceId, detail, errors, code, limitBytes, ...rest } = body;
    if (typeof type !== "string" || typeof title !== "string") return "problem details without type or title";
    if (status !== reply.status) return `problem status ${String(status)} differs from HTTP ${reply.status}`;
    const pathname = new URL(`http://localhost${request.path}`).pathname;
    if (instance !== `${request.method} ${pathname}`)
      return `instance ${String(instance)} is not "${request.method} ${pathname}"`;
    if (typeof traceId !== "string" || !TRACE_ID.test(traceId)) return `traceId ${String(traceId)}`;
    if (detail !== undefined && typeof detail !== "string") return "detail is not a string";
    // A problem may name its code (412 Precondition.Failed, 413 File.TooLarge) and a 413 its limit (docs/api.md).
    if (code !== undefined && (typeof code !== "string" || !/^[A-Z]\w*\.[A-Z]\w*$/.test(code)))
      return `code ${String(code)}`;
    if (limitBytes !== undefined && (reply.status !== 413 || !Number.isInteger(limitBytes)))
      return `limitBytes ${String(limitBytes)} on a ${reply.status}`;
    if (Object.keys(rest).length > 0) return `unexpected members ${Object.keys(rest).join(", ")}`;
    if (reply.status === 400) {
      if (!errors || typeof errors !== "object" || Array.isArray(errors)) return "400 problem details without errors";
      const entries = Object.entries(errors as Record<string, unknown>);
      if (entries.length === 0) return "400 problem details with empty errors";
      for (const [field, messages] of entries) {
        if (
          !Array.isArray(messages) ||
          messages.length === 0 ||
          !messages.every((m) => typeof m === "string" && m !== "")
        ) {
          return `errors.${field} is not a list of messages`;
        }
      }
    } else if (errors !== undefined) return `errors on a ${reply.status}`;
    if (reply.status >= 500 && /stack|at \w+ \(|ECONN|127\.0\.0\.1|postgres|drizzle|select /i.test(reply.text))
      return "5xx body reveals internals";
    return null;
  }
  if (!reply.contentType.startsWith("application/json")) return `error body of type ${reply.contentType}`;
  if (!BUSINESS_STATUSES.has(reply.status)) return `{code, message} on a ${reply.status}`;
  const keys = Object.keys(body).sort().join(",");
  if (keys !== "code,message") return `business error with members ${keys}`;
  if (typeof body.code !== "string" || !/^[A-Z][A-Za-z]*(\.[A-Z][A-Za-z]*)?$/.test(body.code))
    return `code ${String(body.code)}`;
  if (typeof body.message !== "string" || body.message === "") return "empty message";
  return null;
}
