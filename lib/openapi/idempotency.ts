import type { RouteDeclaration } from "@/lib/http/route";
import {
  honoursIdempotencyKey,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  REPLAYED_HEADER,
} from "@/lib/idempotency/key";

type Operation = Record<string, unknown>;
type Responses = Record<string, Record<string, unknown>>;

const ref = (kind: "parameters" | "responses" | "headers", name: string) => ({ $ref: `#/components/${kind}/${name}` });
const problemContent = { "application/problem+json": { schema: { $ref: "#/components/schemas/ProblemDetails" } } };
const IN_PROGRESS = "a request with the same Idempotency-Key is still running (problem details, Retry-After).";
const RETRY_AFTER = {
  "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } },
};

/** The reusable parts every keyed operation refers to (docs/api.md, Idempotency). */
export const idempotencyComponents = {
  parameters: {
    IdempotencyKey: {
      name: IDEMPOTENCY_KEY_HEADER,
      in: "header",
      required: false,
      description:
        "Makes a retry safe: the first answer is kept 24 hours for you, this path and key, and the same request with " +
        "the same key gets it again (marked `Idempotency-Replayed: true`) instead of running twice. The same key on a " +
        "different request is 422; while the first is still running, 409. 5xx answers are not kept. Use a fresh UUID " +
        "per intended change.",
      schema: { type: "string", minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN },
      example: "5b0e7f7c-3c1e-4a55-9d0a-1f6f2f5c9a10",
    },
  },
  headers: {
    [REPLAYED_HEADER]: {
      description: "`true` when this is the kept answer of an earlier request with the same Idempotency-Key.",
      schema: { type: "string", enum: ["true"] },
    },
  },
  responses: {
    IdempotencyKeyInProgress: {
      description: `Conflict: ${IN_PROGRESS}`,
      headers: RETRY_AFTER,
      content: problemContent,
    },
    IdempotencyKeyReused: {
      description:
        "The Idempotency-Key was used for a different request (method, path, query or body) within 24 hours.",
      content: problemContent,
    },
  },
};

/**
 * The operation as it answers a keyed retry: the header parameter, the replay marker on its success answer, 409
 * (added beside any business conflict it already answers), 422 and the 400 of a malformed key.
 */
export function withIdempotencyKey(method: string, declaration: RouteDeclaration, operation: Operation): Operation {
  if (!honoursIdempotencyKey(method, declaration)) return operation;
  const responses = { ...(operation.responses as Responses) };
  for (const [status, response] of Object.entries(responses))
    if (status.startsWith("2"))
      responses[status] = {
        ...response,
        headers: { ...(response.headers as object), [REPLAYED_HEADER]: ref("headers", REPLAYED_HEADER) },
      };
  responses["400"] ??= ref("responses", "ValidationFailed");
  const conflict = responses["409"];
  responses["409"] = conflict
    ? {
        ...conflict,
        description: `${conflict.description} Or ${IN_PROGRESS}`,
        headers: { ...(conflict.headers as object), ...RETRY_AFTER },
        content: { ...(conflict.content as object), ...problemContent },
      }
    : ref("responses", "IdempotencyKeyInProgress");
  responses["422"] = ref("responses", "IdempotencyKeyReused");
  return {
    ...operation,
    parameters: [...((operation.parameters as unknown[] | undefined) ?? []), ref("parameters", "IdempotencyKey")],
    responses,
  };
}
