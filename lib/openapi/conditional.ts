import type { RouteDeclaration } from "@/lib/http/route";
import { PreconditionErrors } from "@/lib/platform/db/row-version";

/*
 * How the reference shows conditional requests on the routes that declare `versioned` (lib/http/entity-tags.ts):
 * ETag on their answers, If-Match and 412 on their writes. docs/api.md, "Concurrency control".
 */

const ETAG = {
  ETag: {
    description:
      'The record\'s version as a strong entity tag, e.g. `"3"`; send it back in If-Match to change the record.',
    schema: { type: "string", examples: ['"3"'] },
  },
};

const IF_MATCH = {
  name: "If-Match",
  in: "header",
  required: false,
  description:
    'The ETag you loaded (`"3"`, or a list): the change applies only if the record still has that version, else 412 ' +
    "and nothing changes. `*` or no header: applies whatever the version. A weak or malformed tag matches nothing.",
  schema: { type: "string", examples: ['"3"'] },
};

const PRECONDITION_FAILED = {
  description: `\`${PreconditionErrors.failed.code}\`: the record has changed since the version If-Match names; nothing was changed. Problem details with \`code\`; the ETag header holds the current version.`,
  headers: ETAG,
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/ProblemDetails" } } },
};

const isWrite = (method: string) => method === "PUT" || method === "DELETE";

/** The If-Match parameter of a versioned write; none otherwise. */
export const conditionalParameters = (method: string, declaration: RouteDeclaration): Record<string, unknown>[] =>
  declaration.versioned && isWrite(method) ? [IF_MATCH] : [];

/** The success answer with its ETag header when it holds a versioned record. */
export function withEntityTagHeader(declaration: RouteDeclaration, success: Record<string, unknown>) {
  return declaration.versioned && "content" in success ? { ...success, headers: ETAG } : success;
}

/** The 412 answer of a versioned write. */
export const conditionalResponses = (method: string, declaration: RouteDeclaration): Record<string, unknown> =>
  declaration.versioned && isWrite(method) ? { "412": PRECONDITION_FAILED } : {};
