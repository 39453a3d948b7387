import { z } from "zod";
import { CONSOLE_REQUEST_HEADER } from "./console-request";

// How the console calls the API (spec 5.3): errors as ApiError, uploads with progress, one renewal on 401. The typed
// client of the OpenAPI document (clients/typescript) sends through it (console/typed-client.ts).

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
    /** The size limit a 413 went over, when the answer names it (`limitBytes`: an upload over its bucket's limit). */
    readonly limitBytes?: number,
  ) {
    super(message);
  }
}

const businessErrorBody = z.object({ code: z.string(), message: z.string() });
const validationProblemBody = z.object({ status: z.literal(400), errors: z.record(z.string(), z.array(z.string())) });
const problemDetailBody = z.object({ code: z.string().optional(), limitBytes: z.number().optional() });

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

/** The ApiError of a refused answer from its status and its body, already parsed (null when it had none). */
export function apiErrorOf(status: number, body: unknown): ApiError {
  const business = businessErrorBody.safeParse(body);
  if (business.success) return new ApiError(status, business.data.code, business.data.message);
  const problem = validationProblemBody.safeParse(body);
  if (problem.success)
    return new ApiError(400, "Validation.Failed", "Some details need your attention.", problem.data.errors);
  const problemDetails = problemDetailBody.safeParse(body);
  return new ApiError(
    status,
    (problemDetails.success && problemDetails.data.code) || null,
    messageForStatus(status),
    {},
    problemDetails.success ? problemDetails.data.limitBytes : undefined,
  );
}

const apiErrorOfResponse = async (response: Response) =>
  apiErrorOf(response.status, await response.json().catch(() => null));

/** Query values as sent: an empty or missing value is left out, so a blank filter means "any". */
type Query = Readonly<Record<string, unknown>>;

/** The query string of `query` (without `?`): what urlOf() and the typed client both send. */
export function queryString(query: Query | undefined): string {
  const entries = Object.entries(query ?? {}).flatMap(([key, value]) =>
    value === undefined || value === null || value === "" ? [] : [[key, String(value)]],
  );
  return new URLSearchParams(entries).toString();
}

function urlOf(path: string, query: Query | undefined): string {
  const search = queryString(query);
  return search ? `${path}?${search}` : path;
}

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

/**
 * Whether a call goes as the console (the proxy attaches the session's token); not when it carries its own
 * bearer token (the setup's, to end it) or there is no session.
 */
type AsConsole = boolean;

const REVOKED = "Auth.TokenRevoked";

/** A request of the typed client, sent as the console or as it is; a network failure becomes an ApiError. */
async function send(request: Request, asConsole: AsConsole): Promise<Response> {
  const headers = new Headers(request.headers);
  if (asConsole) headers.set(CONSOLE_REQUEST_HEADER, "1");
  try {
    return await fetch(new Request(request, { headers }));
  } catch (error) {
    if (request.signal.aborted) throw error;
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
function sendFile(method: string, path: string, upload: FileUpload, asConsole: AsConsole): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { signal, file } = upload;
    if (signal?.aborted) return reject(abortError());
    const request = new XMLHttpRequest();
    request.open(method, urlOf(path, upload.query));
    request.setRequestHeader("accept", "application/json");
    if (asConsole) request.setRequestHeader(CONSOLE_REQUEST_HEADER, "1");
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
  async function respond(sendAs: (asConsole: AsConsole) => Promise<Response>, ownBearer: boolean): Promise<Response> {
    const asConsole = !ownBearer && session !== null;
    const tokenId = asConsole ? await session?.accessTokenId() : undefined;
    const response = await sendAs(asConsole);
    if (response.status !== 401 || !session) return response;
    const refused = await apiErrorOfResponse(response);
    const renewed = tokenId && refused.code !== REVOKED ? await session.renew(tokenId) : false;
    const retried = renewed ? await sendAs(asConsole) : null;
    if (retried && retried.status !== 401) return retried;
    await session.end();
    throw retried ? await apiErrorOfResponse(retried) : refused;
  }
  return {
    /** The typed client's fetch: each try sends a copy, so the body can go again after a renewal. */
    fetch: (request: Request): Promise<Response> =>
      respond((asConsole) => send(request.clone(), asConsole), request.headers.has("authorization")),
    /** A file as the raw body, with upload progress; the same renewal on 401 (the file is sent again). */
    upload: async <T>(method: string, path: string, upload: FileUpload): Promise<T> => {
      const response = await respond((asConsole) => sendFile(method, path, upload, asConsole), false);
      if (!response.ok) throw await apiErrorOfResponse(response);
      return (await response.json()) as T;
    },
  };
}

export type Transport = ReturnType<typeof transport>;
