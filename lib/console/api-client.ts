import type { Session } from "next-auth";
import { getSession, signOut, useSession } from "next-auth/react";
import { useMemo } from "react";
import { z } from "zod";
import type { Paginated } from "@/lib/platform/pagination";
import type { Role } from "@/lib/roles/repository";
import type { roleInputSchema, roleListQuery } from "@/lib/roles/schemas";
import type { PlatformSettings, platformSettingsSchema } from "@/lib/setup/platform";
import type {
  assignRolesSchema,
  blacklistSchema,
  createUserSchema,
  newAccountSchema,
  updateUserSchema,
  userListQuery,
} from "@/lib/users/schemas";
import type { UserSummary } from "@/lib/users/summaries";
import { clubEndpoints } from "./club-api";
import { CONSOLE_REQUEST_HEADER } from "./console-request";
import type { SessionUpdate } from "./renewal";

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
const problemDetailBody = z.object({ detail: z.string() });

function messageForStatus(status: number): string {
  if (status === 404) return "It is not there any more: it may have been removed meanwhile.";
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
    null,
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
};

/**
 * How the transport reaches the console session; none for the public pages (setup, password recovery). The page
 * holds no token: its calls are marked as the console's and the proxy attaches the session cookie's access token.
 */
type SessionAccess = {
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
function transport(session: SessionAccess | null) {
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
export type UserRow = Json<UserSummary>;
export type RoleRow = Json<Role>;

/** The login response of setup, login and password change; the refresh token is in the body when asked for. */
export type LoginResponse = {
  accessToken: string;
  tokenType: "Bearer";
  expiresIn: number;
  userId: string;
  email: string;
  role: string | null;
  mustChangePassword: boolean;
  refreshToken?: string;
};

/** A role as the console submits it: permissions come from GET /api/permissions, so the API is what checks them. */
type RoleInput = Omit<z.input<typeof roleInputSchema>, "permissions"> & { permissions: string[] };

const segment = (id: string) => encodeURIComponent(id);

function endpoints(api: Transport) {
  return {
    setup: {
      platform: (body: z.input<typeof platformSettingsSchema>) =>
        api.json<PlatformSettings>("POST", "/api/setup/platform", { body }),
      superAdmin: (body: z.input<typeof newAccountSchema>) =>
        api.json<LoginResponse>("POST", "/api/setup/superadmin", { body }),
    },
    auth: {
      /** Ends the API login a bearer token belongs to (the console's own sign-out goes through next-auth). */
      logout: (bearer: string) => api.empty("POST", "/api/auth/logout", { bearer }),
      /** The console's own password change: the new session comes back sealed, for update({ sealedRefreshToken }). */
      changePassword: (body: { currentPassword: string; newPassword: string }) =>
        api.json<{ sealedRefreshToken: string }>("POST", "/api/console/change-password", { body }),
      forgotPassword: (body: { email: string }) =>
        api.json<{ message: string }>("POST", "/api/auth/forgot-password", { body }),
      resetPassword: (body: { token: string; newPassword: string }) =>
        api.empty("POST", "/api/auth/reset-password", { body }),
      verifyEmail: (body: { token: string }) => api.empty("POST", "/api/auth/verify-email", { body }),
      confirmEmailChange: (body: { token: string }) => api.empty("POST", "/api/auth/confirm-email-change", { body }),
    },
    users: {
      list: (query: Partial<z.output<typeof userListQuery>>) =>
        api.json<Paginated<UserRow>>("GET", "/api/users", { query }),
      get: (id: string) => api.json<UserRow>("GET", `/api/users/${segment(id)}`),
      create: (body: z.input<typeof createUserSchema>) => api.json<UserRow>("POST", "/api/users", { body }),
      update: (id: string, body: z.input<typeof updateUserSchema>) =>
        api.json<UserRow>("PUT", `/api/users/${segment(id)}`, { body }),
      deactivate: (id: string) => api.empty("DELETE", `/api/users/${segment(id)}`),
      assignRoles: (id: string, body: z.input<typeof assignRolesSchema>) =>
        api.json<UserRow>("PUT", `/api/users/${segment(id)}/roles`, { body }),
      blacklist: (id: string, body: z.input<typeof blacklistSchema>) =>
        api.json<UserRow>("POST", `/api/users/${segment(id)}/blacklist`, { body }),
      liftBlacklist: (id: string) => api.json<UserRow>("DELETE", `/api/users/${segment(id)}/blacklist`),
    },
    roles: {
      list: (query: Partial<z.output<typeof roleListQuery>>) =>
        api.json<Paginated<RoleRow>>("GET", "/api/roles", { query }),
      create: (body: RoleInput) => api.json<RoleRow>("POST", "/api/roles", { body }),
      update: (id: string, body: RoleInput) => api.json<RoleRow>("PUT", `/api/roles/${segment(id)}`, { body }),
      remove: (id: string) => api.empty("DELETE", `/api/roles/${segment(id)}`),
    },
    permissions: {
      list: () => api.json<string[]>("GET", "/api/permissions"),
    },
    ...clubEndpoints(api),
  };
}

export type ConsoleApi = ReturnType<typeof endpoints>;

/** The API without a session: setup and password recovery. */
export const publicApi: ConsoleApi = endpoints(transport(null));

/** Signs the console out (the API login ends too) and shows the login page. */
export async function endConsoleSession(): Promise<void> {
  await signOut({ callbackUrl: "/login" });
}

type UpdateSession = ReturnType<typeof useSession>["update"];

/**
 * Asks the server to renew the session (next-auth's update(), which also refreshes useSession). update()
 * answers nothing while the provider is loading; reading the session then renews an expiring token by itself.
 */
export async function renewedSession(update: UpdateSession, data?: SessionUpdate): Promise<Session | null> {
  return (await update(data)) ?? (await getSession());
}

let renewal: Promise<boolean> | null = null;

/**
 * Renews the session after an API call was refused with the access token of `rejectedAccessTokenId`: whether a newer
 * one is now in the cookie. One renewal at a time: parallel calls refused together wait for the same new token.
 */
export function renewOnce(update: UpdateSession, rejectedAccessTokenId: string): Promise<boolean> {
  renewal ??= renewedSession(update, { rejectedAccessTokenId })
    .then((session) =>
      Boolean(session && !session.error && session.accessTokenId && session.accessTokenId !== rejectedAccessTokenId),
    )
    .finally(() => {
      renewal = null;
    });
  return renewal;
}

/** The API as the signed-in console user. */
export function useConsoleApi(): ConsoleApi {
  const { data, update } = useSession();
  const current = data?.accessTokenId;
  return useMemo(
    () =>
      endpoints(
        transport({
          accessTokenId: async () => current ?? (await getSession())?.accessTokenId,
          renew: (rejected) => renewOnce(update, rejected),
          end: endConsoleSession,
        }),
      ),
    [current, update],
  );
}
