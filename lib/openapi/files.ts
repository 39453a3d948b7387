import type { RouteDeclaration } from "@/lib/http/route";

/*
 * Bodies that are files, not JSON: uploads (`rawBody`) and downloads (`response.contentType`, `storedFile`). Typed as
 * binary strings, which generated clients send and receive as raw bytes (a Blob) instead of serializing JSON.
 */

type Operation = Record<string, unknown>;
type Responses = Record<string, Record<string, unknown>>;

const problemContent = { "application/problem+json": { schema: { $ref: "#/components/schemas/ProblemDetails" } } };

/** Each media type with its body as bytes; text types (a CSV export) as text. */
export const fileContent = (contentTypes: readonly string[]) =>
  Object.fromEntries(
    contentTypes.map((type) => [
      type,
      { schema: type.startsWith("text/") ? { type: "string" } : { type: "string", format: "binary" } },
    ]),
  );

/** What an upload answers besides its success: the file is over its bucket's limit, or it was sent as JSON. */
export const uploadRefusals = {
  "413": { description: "The file is over the size limit; nothing is stored.", content: problemContent },
  "415": {
    description:
      "The body was declared as JSON (`application/json` or `+json`): send the file's bytes with their own type (`application/octet-stream` when unknown). Nothing is stored.",
    content: problemContent,
  },
};

const header = (description: string, schema: Record<string, unknown> = { type: "string" }) => ({ description, schema });

const STORED_FILE_HEADERS = {
  ETag: header('`"<sha-256 hex of the content>"`: strong, since a file\'s content never changes under its id.'),
  "Content-Disposition": header("`attachment` (a download) or `inline` (a photo), with the file's name (RFC 6266)."),
  "Content-Length": header("Bytes in this answer.", { type: "integer" }),
  "Accept-Ranges": header("`bytes`: one range may be asked for with `Range`."),
  "Repr-Digest": header("`sha-256=:<base64>:` of the whole file (RFC 9530), to verify what was received."),
};

const RANGE_PARAMETERS = [
  {
    name: "Range",
    in: "header",
    required: false,
    description:
      "One byte range (`bytes=0-1023`, `bytes=1024-`, `bytes=-500`) answers 206 with that part; several ranges or another unit answer the whole file; a range past the end answers 416.",
    schema: { type: "string" },
    example: "bytes=0-1023",
  },
  {
    name: "If-None-Match",
    in: "header",
    required: false,
    description: "The ETag of a copy the client holds: 304 without a body when it is still the file's.",
    schema: { type: "string" },
  },
];

/**
 * A stored file's download as lib/files contentResponse answers it: the file's headers on 200, one Range → 206
 * (Content-Range) or 416 (problem details, `Content-Range: bytes * /size`), and If-None-Match → 304.
 */
export function withStoredFileAnswers(declaration: RouteDeclaration, operation: Operation): Operation {
  if (!declaration.response?.storedFile) return operation;
  const responses = operation.responses as Responses;
  const whole = responses["200"] ?? {};
  const headers = { ...STORED_FILE_HEADERS, ...(whole.headers as object) };
  return {
    ...operation,
    parameters: [...((operation.parameters as unknown[] | undefined) ?? []), ...RANGE_PARAMETERS],
    responses: {
      ...responses,
      "200": { ...whole, headers },
      "206": {
        description: "The byte range asked for with `Range`.",
        headers: { ...headers, "Content-Range": header("`bytes <first>-<last>/<size>`.") },
        content: whole.content,
      },
      "304": {
        description: "Not modified: `If-None-Match` named the file's ETag; no body.",
        headers: { ETag: STORED_FILE_HEADERS.ETag, "X-Trace-Id": { $ref: "#/components/headers/TraceId" } },
      },
      "416": {
        description: "The range starts at or after the end of the file, or is malformed.",
        headers: {
          "Content-Range": header("`bytes */<size>`: the file's size."),
          "X-Trace-Id": { $ref: "#/components/headers/TraceId" },
        },
        content: problemContent,
      },
    },
  };
}
