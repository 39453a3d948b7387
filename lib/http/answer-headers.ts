import { currentSpanIds, withSpan } from "@/lib/platform/telemetry/spans";
import { currentTraceId } from "@/lib/platform/trace";

/**
 * Headers route() puts on answers it did not build field by field: the trace id on every answer, `Location` on a
 * 201 from the route's declared template, and on a signed-in caller's answer `Cache-Control: no-store` unless it says
 * otherwise (docs/api.md, HTTP details).
 */

/** Every answer's trace id, so support can find any request's logs, including answers whose body has no `traceId`. */
const TRACE_ID_HEADER = "x-trace-id";

/**
 * A created resource's URL, `{field}` placeholders filled from the 201 body (`{id}`, `{member.id}`).
 * app/api/openapi.json/registry.test.ts fails when a placeholder is not a field of the route's declared answer.
 */
export type LocationTemplate = `/api/${string}`;

const PLACEHOLDER = /\{([\w.]+)\}/g;

/** The `{placeholders}` of a template, in order. */
export const placeholdersOf = (template: LocationTemplate): string[] =>
  [...template.matchAll(PLACEHOLDER)].map((match) => match[1] as string);

function fieldAt(body: unknown, path: string): unknown {
  let value = body;
  for (const key of path.split("."))
    value = value !== null && typeof value === "object" ? Reflect.get(value, key) : undefined;
  return value;
}

/** The template filled from a created body; each value is one encoded path segment. */
export function locationOf(template: LocationTemplate, body: unknown): string {
  return template.replace(PLACEHOLDER, (_, path: string) => {
    const value = fieldAt(body, path);
    if (typeof value !== "string" && typeof value !== "number")
      throw new Error(`Location template ${template}: the created body has no ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Sets headers on a response, copying it when its headers are immutable (a Response from fetch or a library). */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}

async function createdLocation(response: Response, template: LocationTemplate | undefined): Promise<string | null> {
  if (!template || response.status !== 201 || response.headers.has("location")) return null;
  return locationOf(template, await response.clone().json());
}

/**
 * Runs one request's work under its trace and adds the trace id and, on a 201, the created resource's `Location` to
 * whatever answer it makes. Under the server the trace is Next.js's request span (which continued the caller's
 * `traceparent`); where a handler is called without it (tests), a SERVER span continues the `traceparent` here.
 */
export function answerWithinTrace(
  request: Request,
  answers: { location?: LocationTemplate; signedIn: boolean },
  work: () => Promise<Response>,
): Promise<Response> {
  const answer = async () => {
    const response = await work();
    const created = await createdLocation(response, answers.location);
    // What a signed-in caller is answered is theirs: no shared cache or browser history keeps it (OWASP ASVS 8.2.1).
    const uncached = answers.signedIn && !response.headers.has("cache-control");
    return withHeaders(response, {
      [TRACE_ID_HEADER]: currentTraceId() ?? "",
      ...(created && { location: created }),
      ...(uncached && { "cache-control": "no-store" }),
    });
  };
  if (currentSpanIds()) return answer();
  return withSpan(
    request.method,
    {
      kind: "server",
      remoteParent: request.headers,
      attributes: { "http.request.method": request.method, "url.path": new URL(request.url).pathname },
    },
    answer,
  );
}
