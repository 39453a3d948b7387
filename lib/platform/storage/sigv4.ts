import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { SignatureV4 } from "@smithy/signature-v4";

export type S3Credentials = { accessKeyId: string; secretAccessKey: string };

/** What S3 reads off a request to check its signature. */
export type SignedRequest = {
  method: string;
  /** The path and query exactly as sent (`request.url` of node:http). */
  url: string;
  headers: IncomingHttpHeaders;
};

type Bytes = string | ArrayBuffer | ArrayBufferView;
const toBuffer = (data: Bytes) =>
  typeof data === "string"
    ? Buffer.from(data)
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** node:crypto behind the hash interface the signer takes: SHA-256, or HMAC-SHA-256 when given a key. */
class Sha256 {
  private readonly hash;
  constructor(secret?: Bytes) {
    this.hash = secret === undefined ? createHash("sha256") : createHmac("sha256", toBuffer(secret));
  }
  update(data: Bytes): void {
    this.hash.update(toBuffer(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

const ALGORITHM = "AWS4-HMAC-SHA256";
/** As S3: a signed request is valid 15 minutes either side of its date; a presigned URL at most a week. */
const MAX_CLOCK_SKEW_MS = 15 * 60_000;
const MAX_PRESIGNED_SECONDS = 7 * 24 * 3600;
/** The query parameters of a presigned URL that carry the signature rather than being signed by it. */
const PRESIGN_PARAMS = new Set([
  "X-Amz-Algorithm",
  "X-Amz-Credential",
  "X-Amz-Date",
  "X-Amz-Expires",
  "X-Amz-SignedHeaders",
  "X-Amz-Signature",
]);

type Claim = {
  accessKeyId: string;
  date: Date;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
  /** Seconds a presigned URL is valid; undefined for a request signed in its Authorization header. */
  expiresIn?: number;
};

/** 20261124T101500Z → Date, or null. */
function parseAmzDate(value: string | undefined): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? "");
  return match ? new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`) : null;
}

function claimOf(
  credential: string | undefined,
  date: string | undefined,
  signedHeaders: string | undefined,
  signature: string | undefined,
) {
  const [accessKeyId, , region, service, terminator, ...rest] = (credential ?? "").split("/");
  const parsedDate = parseAmzDate(date);
  if (!accessKeyId || !region || !service || terminator !== "aws4_request" || rest.length > 0 || !parsedDate)
    return null;
  if (!signature || !/^[0-9a-f]{64}$/.test(signature) || !signedHeaders) return null;
  return { accessKeyId, date: parsedDate, region, service, signedHeaders: signedHeaders.split(";"), signature };
}

/** The query as the signer takes it: decoded keys and values ('+' is a plus sign in S3), repeated keys as arrays. */
function parseQuery(raw: string): Record<string, string | string[]> | null {
  const values = new Map<string, string[]>();
  try {
    for (const pair of raw.split("&").filter(Boolean)) {
      const separator = pair.indexOf("=");
      const key = decodeURIComponent(separator < 0 ? pair : pair.slice(0, separator));
      const value = separator < 0 ? "" : decodeURIComponent(pair.slice(separator + 1));
      values.set(key, [...(values.get(key) ?? []), value]);
    }
  } catch {
    return null;
  }
  return Object.fromEntries([...values].map(([key, list]) => [key, list.length > 1 ? list : (list[0] ?? "")]));
}

const single = (value: string | string[] | null | undefined) => (typeof value === "string" ? value : undefined);

function headerClaim(authorization: string, headers: IncomingHttpHeaders): Claim | null {
  const match = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=(\S+)$/.exec(
    authorization,
  );
  return match ? claimOf(match[1], single(headers["x-amz-date"]), match[2], match[3]) : null;
}

function queryClaim(query: Record<string, string | string[]>): Claim | null {
  if (single(query["X-Amz-Algorithm"]) !== ALGORITHM) return null;
  const claim = claimOf(
    single(query["X-Amz-Credential"]),
    single(query["X-Amz-Date"]),
    single(query["X-Amz-SignedHeaders"]),
    single(query["X-Amz-Signature"]),
  );
  const expiresIn = Number(single(query["X-Amz-Expires"]));
  return claim && Number.isInteger(expiresIn) && expiresIn > 0 && expiresIn <= MAX_PRESIGNED_SECONDS
    ? { ...claim, expiresIn }
    : null;
}

function inDate(claim: Claim, now: number): boolean {
  const signedAt = claim.date.getTime();
  return claim.expiresIn === undefined
    ? Math.abs(now - signedAt) <= MAX_CLOCK_SKEW_MS
    : signedAt - MAX_CLOCK_SKEW_MS <= now && now <= signedAt + claim.expiresIn * 1000;
}

/**
 * The signature the holder of `credentials` would have given this request, computed by the AWS SDK's own signer from
 * what was sent: method, path, query and the headers the client says it signed. A changed key, query value or signed
 * header gives another signature. The body is not hashed: `x-amz-content-sha256` is signed as the client declared it.
 */
async function expectedSignature(
  request: SignedRequest,
  path: string,
  query: Record<string, string | string[]>,
  claim: Claim,
  credentials: S3Credentials,
) {
  const signedHeaders: Record<string, string> = {};
  for (const name of claim.signedHeaders) {
    const value = request.headers[name];
    if (value === undefined) return null;
    signedHeaders[name] = Array.isArray(value) ? value.join(",") : value;
  }
  const signer = new SignatureV4({
    credentials,
    region: claim.region,
    service: claim.service,
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const options = { signingDate: claim.date, signableHeaders: new Set(claim.signedHeaders) };
  if (claim.expiresIn === undefined) {
    const signed = await signer.sign(
      { method: request.method, protocol: "http:", hostname: "", path, query, headers: signedHeaders },
      options,
    );
    return /Signature=([0-9a-f]{64})$/.exec(signed.headers.authorization ?? "")?.[1] ?? null;
  }
  // The signer moves x-amz-* headers into the query when presigning: hand the hoisted ones back as headers.
  const unsigned: Record<string, string | string[]> = {};
  const hoisted: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (PRESIGN_PARAMS.has(key)) continue;
    if (key.toLowerCase().startsWith("x-amz-") && typeof value === "string") hoisted[key] = value;
    else unsigned[key] = value;
  }
  const presigned = await signer.presign(
    {
      method: request.method,
      protocol: "http:",
      hostname: "",
      path,
      query: unsigned,
      headers: { ...signedHeaders, ...hoisted },
    },
    { ...options, expiresIn: claim.expiresIn, unhoistableHeaders: new Set(claim.signedHeaders) },
  );
  return single(presigned.query?.["X-Amz-Signature"]) ?? null;
}

/**
 * Whether `request` carries a valid AWS Signature Version 4 by `credentials`, in its Authorization header or as a
 * presigned URL, and is in date. Unsigned requests, other keys, and presigned URLs edited in any signed part (the
 * object key, the bucket, a response override) are refused.
 */
export async function hasValidSignature(
  request: SignedRequest,
  credentials: S3Credentials,
  now = Date.now(),
): Promise<boolean> {
  const separator = request.url.indexOf("?");
  const path = separator < 0 ? request.url : request.url.slice(0, separator);
  const query = parseQuery(separator < 0 ? "" : request.url.slice(separator + 1));
  if (!query) return false;
  const authorization = single(request.headers.authorization);
  const claim =
    authorization === undefined
      ? queryClaim(query)
      : "X-Amz-Signature" in query
        ? null
        : headerClaim(authorization, request.headers);
  if (
    !claim ||
    claim.accessKeyId !== credentials.accessKeyId ||
    !claim.signedHeaders.includes("host") ||
    !inDate(claim, now)
  )
    return false;
  const expected = await expectedSignature(request, path, query, claim, credentials);
  return expected !== null && timingSafeEqual(Buffer.from(expected), Buffer.from(claim.signature));
}
