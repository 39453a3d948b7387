import type { ExpectedVersion } from "@/lib/platform/db/row-version";
import { problemResponse } from "@/lib/platform/http/problem";
import type { BusinessError } from "@/lib/platform/result";

/*
 * Conditional requests (RFC 9110 section 13) for the routes that declare `versioned`: the record's version column is
 * its entity tag. docs/api.md, "Concurrency control", is the client's view.
 */

/**
 * `"7"`: strong, since If-Match compares entity tags strongly (RFC 9110 13.1.1) and a weak tag would never match. It
 * validates the record a PUT replaces, not a body hash; the id is the URL's, so the tag need not repeat it.
 */
export const entityTag = (version: number): string => `"${version}"`;

/** The largest version an `integer` column holds; a bigger number in If-Match names no version of ours. */
const MAX_VERSION = 2_147_483_647;

/**
 * The versions If-Match accepts: none asked (absent, or `*`, which any existing record satisfies and a missing one
 * answers 404 before) → undefined. Otherwise the strong tags of the list that can be ours; a weak tag or a malformed
 * value names none, so the write answers 412, as an If-Match nothing matches must (13.1.1).
 */
export function expectedVersion(request: Request): ExpectedVersion {
  const header = request.headers.get("if-match");
  if (header === null || header.trim() === "*") return undefined;
  return [...header.matchAll(/(W\/)?"([^"]*)"/g)].flatMap(([, weak, tag = ""]) => {
    const version = /^\d{1,10}$/.test(tag) ? Number(tag) : Number.NaN;
    return weak === undefined && version >= 1 && version <= MAX_VERSION ? [version] : [];
  });
}

function versionOf(value: unknown): number | undefined {
  if (typeof value !== "object" || value === null || !("version" in value)) return undefined;
  return typeof value.version === "number" ? value.version : undefined;
}

/** A versioned route's success: the answer carries the version of the record it holds as its ETag. */
export function withEntityTag(response: Response, value: unknown): Response {
  const version = versionOf(value);
  if (version !== undefined) response.headers.set("etag", entityTag(version));
  return response;
}

/** 412 problem details with the failure's code, and the record's current ETag so the client knows what it missed. */
export function preconditionFailed(request: Request, error: BusinessError): Response {
  const response = problemResponse(request, 412, "Precondition Failed", { code: error.code, detail: error.message });
  if (error.currentVersion !== undefined) response.headers.set("etag", entityTag(error.currentVersion));
  return response;
}
