import { createHash } from "node:crypto";

const sha256Of = (...parts: string[]): string => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex");
};

/** The key's scope besides the caller: the same key on another endpoint is another key. */
export const scopeHashOf = (request: Request, key: string): string =>
  sha256Of(request.method, new URL(request.url).pathname, key);

/**
 * What the request asks. A JSON body counts by its parsed value, so spacing and unknown fields do not make a retry
 * "different"; a streamed body (an upload) by its declared type and length here, its bytes by `hashingBody`.
 */
export function requestHashOf(request: Request, parsedBody: { value: unknown } | "streamed"): string {
  const url = new URL(request.url);
  const body =
    parsedBody === "streamed"
      ? `${request.headers.get("content-type") ?? ""}\0${request.headers.get("content-length") ?? ""}`
      : JSON.stringify(parsedBody.value ?? null, bigIntsAsText);
  return sha256Of(request.method, url.pathname + url.search, body);
}

/** A parsed body may hold BigInts (money in cents, lib/platform/money.ts), which JSON.stringify refuses to write. */
const bigIntsAsText = (_key: string, value: unknown) => (typeof value === "bigint" ? `${value}n` : value);

/**
 * The request with its body hashed as whoever reads it streams it: an upload is neither buffered nor read twice.
 * `digest()` is the SHA-256 of the bytes once they were read to the end, else null (no body, or the handler
 * stopped early, e.g. at a size limit).
 */
export function hashingBody(request: Request): { request: Request; digest: () => string | null } {
  if (!request.body) return { request, digest: () => null };
  const hash = createHash("sha256");
  let digest: string | null = null;
  const body = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        hash.update(chunk);
        controller.enqueue(chunk);
      },
      flush() {
        digest = hash.digest("hex");
      },
    }),
  );
  const init: RequestInit & { duplex: "half" } = { body, duplex: "half" };
  return { request: new Request(request, init), digest: () => digest };
}

/** Reads the body to its end only to hash it (a retried upload's bytes, compared with the first's). */
export async function drainedDigest(request: Request): Promise<string | null> {
  const hashing = hashingBody(request);
  const reader = hashing.request.body?.getReader();
  if (!reader) return null;
  while (!(await reader.read()).done);
  return hashing.digest();
}
