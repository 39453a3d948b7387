import { Readable } from "node:stream";
import { businessErrorResponse, isJsonMediaType } from "@/lib/http/route";
import { contentDisposition } from "@/lib/platform/http/content-disposition";
import { problemResponse } from "@/lib/platform/http/problem";
import type { Result } from "@/lib/platform/result";
import { TOO_LARGE_CODE } from "./errors";
import { parseRange } from "./range";
import type { FileMetadata, StoredFile } from "./repository";
import { type FileContext, readContent, type UploadInput } from "./service";
import { IMAGE_TYPES } from "./sniff";

/**
 * HTTP around the file services: the raw upload body in, streamed downloads out. The route wrapper leaves the
 * body of a route without a `body` schema unread, which is what lets an upload stream instead of being parsed.
 */

/** Types an upload is commonly sent in, for the reference: any type but JSON is stored as declared. */
export const UPLOAD_EXAMPLE_TYPES = ["application/octet-stream", "application/pdf", "text/plain", ...IMAGE_TYPES];

/** The upload as the request carries it: body, Content-Type and Content-Length, and the name from the query. */
function uploadInput(request: Request, fileName: string): UploadInput {
  const length = request.headers.get("content-length");
  return {
    body: request.body,
    fileName,
    declaredType: request.headers.get("content-type"),
    declaredLength: length !== null && /^\d+$/.test(length) ? Number(length) : null,
  };
}

/**
 * Stores the request's body as a file with `store`: 201 with the metadata; over the bucket's limit is 413 problem
 * details, like any request body that is too large, naming the limit in `limitBytes` so a client need not read it out
 * of the prose. A body declared as JSON is refused first (415): it is what a
 * client generated from the OpenAPI document sends when it serializes a Blob as JSON (`{}`), which would otherwise be
 * stored as a 2-byte file.
 */
export async function answerUpload(
  request: Request,
  fileName: string,
  store: (upload: UploadInput) => Promise<Result<FileMetadata>>,
): Promise<Response | Result<FileMetadata>> {
  const declaredType = request.headers.get("content-type");
  if (declaredType !== null && isJsonMediaType(declaredType))
    return problemResponse(request, 415, "The body must be the file's bytes, not JSON.", {
      detail: "Send the file as it is, with its own Content-Type (application/octet-stream when it has none).",
    });
  const result = await store(uploadInput(request, fileName));
  if (result.ok || result.error.code !== TOO_LARGE_CODE) return result;
  const { code, message, limitBytes } = result.error;
  return problemResponse(request, 413, "The file is too large.", { detail: message, code, limitBytes });
}

/** `sha-256=:<base64>:` (RFC 9530) from the stored hex digest, so a client can verify what it received. */
const reprDigest = (hex: string) => `sha-256=:${Buffer.from(hex, "hex").toString("base64")}:`;

const toWeb = (body: Readable) => Readable.toWeb(body) as ReadableStream<Uint8Array>;

/**
 * The file's content as a download (`attachment`) or for display (`inline`, member photos), streamed from
 * storage. One byte range is answered 206; content never changes under an id, so the checksum is a strong
 * ETag and If-None-Match can answer 304. nosniff and a sandbox CSP keep a browser from running an uploaded
 * HTML or script file in the app's origin.
 */
export async function contentResponse(
  request: Request,
  ctx: Pick<FileContext, "storage">,
  file: StoredFile,
  disposition: "attachment" | "inline",
): Promise<Response> {
  const etag = `"${file.checksumSha256}"`;
  const headers = new Headers({
    etag,
    "accept-ranges": "bytes",
    "cache-control": "private, no-cache",
    "x-content-type-options": "nosniff",
    "content-security-policy": "sandbox",
  });
  const ifNoneMatch = request.headers.get("if-none-match");
  if (
    ifNoneMatch &&
    (ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag))
  ) {
    return new Response(null, { status: 304, headers });
  }

  const range = parseRange(request.headers.get("range"), file.sizeBytes);
  if (range.kind === "unsatisfiable") {
    const problem = problemResponse(request, 416, "The requested range is not satisfiable.", {
      detail: `The file has ${file.sizeBytes} bytes; ask for one range such as bytes=0-1023.`,
    });
    problem.headers.set("content-range", `bytes */${file.sizeBytes}`);
    return problem;
  }
  const content = await readContent(ctx, file, range.kind === "partial" ? range : undefined);
  if (!content.ok) return businessErrorResponse(content.error);

  headers.set("content-type", file.contentType);
  headers.set("content-length", String(content.value.contentLength));
  headers.set("content-disposition", contentDisposition(disposition, file.fileName));
  headers.set("repr-digest", reprDigest(file.checksumSha256));
  if (range.kind === "partial") headers.set("content-range", `bytes ${range.start}-${range.end}/${file.sizeBytes}`);
  return new Response(toWeb(content.value.body), { status: range.kind === "partial" ? 206 : 200, headers });
}
