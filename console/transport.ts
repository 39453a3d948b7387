import { z } from "zod";
import { CONSOLE_REQUEST_HEADER } from "./console-request";

// How the console calls the API (spec 5.3): errors as ApiError, uploads with progress, one renewal on 401. Both
// api-client.ts and club-api.ts build their endpoints over it, so neither imports the other's internals.

/** Field path → messages, as the API's validation problems carry them (`$` is the body as a whole). */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

/** A refused or failed API call, in words a form can show. */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    /** The business error code (`User.DuplicateEmail`), `Validation.Failed`, or null when the answer had none. */
    readonly code: string | null,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    /** The problem details' `detail`, when the answer had one (a 413 names the bucket's limit there). */
    readonly detail?: string,
  ) {
    super(message);
  }
}

const businessErrorBody = z.object({ code: z.string(), message: z.string() });
const validationProblemBody = z.object({ status: z.literal(400), errors: z.record(z.string(), z.array(z.string())) });
const problemDetailBody = z.object({ detail: z.string(), code: z.string().optional() });

function messageForStatus(status: number): string {
  if (status === 404) return "It is not there any more: it may have been removed meanwhile.";
  if (status === 412)
    return "Someone else changed this record after you opened it, so your change was not saved. Reload it to see theirs, then make yours again.";
  if (status === 413) return "That is more than the server accepts.";
  if (status === 503 || status === 504) return "The service is unavailable at the moment. Try again shortly.";
  if (status >= 500)
    return "Something went wrong on our side. Try again; if it keeps happening, tell your administrator.";
  return `The request was refused (HTTP ${status}).`;
}

async function apiErrorOf(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const business = businessErrorBody.safeParse(body);
  if (business.success) return new ApiError(response.status, business.data.code, business.data.message);
  const problem = validationProblemBody.safeParse(body);
  if (problem.success)
    return new ApiError(400, "Validation.Failed", "Some details need your attention.", problem.data.errors);
  const detail = problemDetailBody.safeParse(body);
  return new ApiError(
    response.status,
    (detail.success && detail.data.code) || null,
    messageForStatus(response.status),
    {},
    detail.success ? detail.data.detail : undefined,
  );
}

type Query = Readonly<Record<string, string | number | undefined>>;
type Call = {
  query?: Query;
  body?: unknown;
  /** A bearer token instead of the session (the setup's own, to end it). */
  bearer?: string;
  /** Ends the call (a download the user stopped). */
  signal?: AbortSignal;
  /** The version of the record the change was made on: sent as If-Match, so a newer one answers 412, not overwritten. */
  ifMatch?: number;
};

/**
 * How the transport reaches the console session; none for the public pages (setup, password recovery). The page
 * holds no token: its calls are marked as the console's and the proxy attaches the session cookie's access token.
 */
export type SessionAccess = {
  /** The id of the access token the session holds (`accessTokenId`), to say which one a call was refused with. */
  accessTokenId: () => Promise<string | undefined>;
  /** Whether the session now holds a newer access token than the refused one, after asking the server to renew it. */
  renew: (rejectedAccessTokenId: string) => Promise<boolean>;
  end: () => Promise<void>;
};

/** How one call authenticates: as the console (the proxy attaches the session's token), with its own bearer token, or not at all. */
type Credentials = { console: true } | { bearer: string } | null;

function authenticateAs(setHeader: (name: string, value: string) => void, credentials: Credentials) {
  if (credentials && "bearer" in credentials) setHeader("authorization", `Bearer ${credentials.bearer}`);
  else if (credentials) setHeader(CONSOLE_REQUEST_HEADER, "1");
}

const REVOKED = "Auth.TokenRevoked";

function urlOf(path: string, query: Query | undefined): string {
  const entries = Object.entries(query ?? {}).flatMap(([key, value]) =>
    value === undefined || value === "" ? [] : [[key, String(value)]],
  );
  return entries.length > 0 ? `${path}?${new URLSearchParams(entries)}` : path;
}

async function send(method: string, path: string, call: Call, credentials: Credentials): Promise<Response> {
  const headers = new Headers({ accept: "application/json" });
  authenticateAs((name, value) => headers.set(name, value), credentials);
  if (call.body !== undefined) headers.set("content-type", "application/json");
  if (call.ifMatch !== undefined) headers.set("if-match", `"${call.ifMatch}"`);
  try {
    return await fetch(urlOf(path, call.query), {
      method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      cache: "no-store",
      signal: call.signal,
    });
  } catch (error) {
    if (call.signal?.aborted) throw error;
    throw new ApiError(0, null, "The server cannot be reached. Check your connection and try again.");
  }
}

/** A file sent as the raw request body (the file storage API), reporting how much of it has gone. */
export type FileUpload = {
  query?: Query;
  file: Blob;
  /** Bytes sent so far of `total`; starts again from 0 if the upload is retried after a renewal. */
  onProgress?: (sent: number, total: number) => void;
  /** Aborts the upload (the user canceled it, or left the page). */
  signal?: AbortSignal;
};

const abortError = () => new DOMException("The upload was stopped.", "AbortError");

/**
 * The upload through XMLHttpRequest, whose `upload.onprogress` reports the bytes sent (fetch has no
 * upload progress). The answer comes back as a Response so it is read like every other one.
 */
function sendFile(method: string, path: string, upload: FileUpload, credentials: Credentials): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { signal, file } = upload;
    if (signal?.aborted) return reject(abortError());
    const request = new XMLHttpRequest();
    request.open(method, urlOf(path, upload.query));
    request.setRequestHeader("accept", "application/json");
    authenticateAs((name, value) => request.setRequestHeader(name, value), credentials);
    request.setRequestHeader("content-type", file.type || "application/octet-stream");
    const abort = () => request.abort();
    signal?.addEventListener("abort", abort, { once: true });
    request.upload.onprogress = (event) =>
      upload.onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => {
      const noBody = request.status === 204 || request.status === 304;
      const contentType = request.getResponseHeader("content-type");
      resolve(
        new Response(noBody ? null : request.responseText, {
          status: request.status,
          headers: contentType ? { "content-type": contentType } : {},
        }),
      );
    };
    request.onerror = () =>
      reject(
        new ApiError(
          0,
          null,
          "The upload was interrupted: the server cannot be reached. Check your connection and try again.",
        ),
      );
    request.onabort = () => reject(abortError());
    request.onloadend = () => signal?.removeEventListener("abort", abort);
    upload.onProgress?.(0, file.size);
    request.send(file);
  });
}

/**
 * Spec 5.3 from the browser: every call carries the session's access token (attached by the proxy); a 401 other
 * than Auth.TokenRevoked renews the token once and retries; a second 401, a failed renewal or a revoked token ends
 * the session and returns to the login page.
 */
export function transport(session: SessionAccess | null) {
  async function respond(
    sendWith: (credentials: Credentials) => Promise<Response>,
    bearer: string | undefined,
  ): Promise<Response> {
    const credentials: Credentials = bearer ? { bearer } : session && { console: true };
    const tokenId = credentials && "console" in credentials ? await session?.accessTokenId() : undefined;
    const response = await sendWith(credentials);
    if (response.status !== 401 || !session) return response;
    const refused = await apiErrorOf(response);
    const renewed = tokenId && refused.code !== REVOKED ? await session.renew(tokenId) : false;
    const retried = renewed ? await sendWith(credentials) : null;
    if (retried && retried.status !== 401) return retried;
    await session.end();
    throw retried ? await apiErrorOf(retried) : refused;
  }
  async function checked(method: string, path: string, call: Call): Promise<Response> {
    const response = await respond((token) => send(method, path, call, token), call.bearer);
    if (!response.ok) throw await apiErrorOf(response);
    return response;
  }
  return {
    json: async <T>(method: string, path: string, call: Call = {}): Promise<T> =>
      (await (await checked(method, path, call)).json()) as T,
    empty: async (method: string, path: string, call: Call = {}): Promise<void> => {
      await checked(method, path, call);
    },
    /** The successful response itself, for bodies read as a stream (the CSV export, file downloads). */
    response: (method: string, path: string, call: Call = {}): Promise<Response> => checked(method, path, call),
    /** A file as the raw body, with upload progress; the same renewal on 401 (the file is sent again). */
    upload: async <T>(method: string, path: string, upload: FileUpload): Promise<T> => {
      const response = await respond((token) => sendFile(method, path, upload, token), undefined);
      if (!response.ok) throw await apiErrorOf(response);
      return (await response.json()) as T;
    },
  };
}

export type Transport = ReturnType<typeof transport>;

/** An API response body: dates travel as ISO strings. */
export type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
