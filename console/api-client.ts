import type { Session } from "next-auth";
import { getSession, signOut, useSession } from "next-auth/react";
import { useMemo } from "react";
import type { JsonAnswer, JsonBody, PageItem, QueryOf } from "@/clients/typescript";
import type { SessionUpdate } from "@/console/server/renewal";
import { clubEndpoints } from "./club-api";
import { invoiceEndpoints } from "./invoice-api";
import { type Transport, transport } from "./transport";
import { answer, done, ifMatch, postOutsideDocument, typedClient } from "./typed-client";

/** The console's API: the generated client over the session-aware transport (./transport); club-api.ts adds the club's. */
export type UserRow = JsonAnswer<"/api/users/{id}", "get">;
export type RoleRow = PageItem<JsonAnswer<"/api/roles", "get">>;
export type ClubSettingsRecord = JsonAnswer<"/api/settings", "get">;

/** A role as the console submits it: its permissions are strings GET /api/permissions listed; the API checks them. */
type RoleInput = Omit<JsonBody<"/api/roles", "post">, "permissions"> & { permissions: string[] };
const roleBody = (input: RoleInput) => input as JsonBody<"/api/roles", "post">;
type SetupCode = { setupCode: string };

function endpoints(api: Transport) {
  const client = typedClient(api);
  return {
    /** Both with the setup code the server printed (the Setup-Code header), which the wizard asks for. */
    setup: {
      platform: ({ setupCode, ...body }: JsonBody<"/api/setup/platform", "post"> & SetupCode) =>
        answer(client.POST("/api/setup/platform", { body, params: { header: { "Setup-Code": setupCode } } })),
      superAdmin: ({ setupCode, ...body }: JsonBody<"/api/setup/superadmin", "post"> & SetupCode) =>
        answer(client.POST("/api/setup/superadmin", { body, params: { header: { "Setup-Code": setupCode } } })),
    },
    auth: {
      /** Ends the API login a bearer token belongs to (the console's own sign-out goes through next-auth). */
      logout: (bearer: string) =>
        done(client.POST("/api/auth/logout", { headers: { authorization: `Bearer ${bearer}` } })),
      /**
       * The console's own password change: the new session comes back sealed, for update({ sealedRefreshToken }).
       * It is not part of the API document (app/api/openapi.json/registry.ts), so its answer is typed here.
       */
      changePassword: (body: JsonBody<"/api/auth/change-password", "post">) =>
        postOutsideDocument<{ sealedRefreshToken: string }>(api, "/api/console/change-password", body),
      /** The caller's sign-ins (docs/api.md, Sign-ins), one of them ended, or all ("sign out everywhere"). */
      signIns: () => answer(client.GET("/api/auth/sessions")),
      endSignIn: (id: string) => done(client.DELETE("/api/auth/sessions/{id}", { params: { path: { id } } })),
      signOutEverywhere: () => done(client.DELETE("/api/auth/sessions")),
      forgotPassword: (body: JsonBody<"/api/auth/forgot-password", "post">) =>
        answer(client.POST("/api/auth/forgot-password", { body })),
      resetPassword: (body: JsonBody<"/api/auth/reset-password", "post">) =>
        done(client.POST("/api/auth/reset-password", { body })),
      verifyEmail: (body: JsonBody<"/api/auth/verify-email", "post">) =>
        done(client.POST("/api/auth/verify-email", { body })),
      confirmEmailChange: (body: JsonBody<"/api/auth/confirm-email-change", "post">) =>
        done(client.POST("/api/auth/confirm-email-change", { body })),
      setOwnLanguage: (body: JsonBody<"/api/auth/me/language", "put">) =>
        answer(client.PUT("/api/auth/me/language", { body })),
      acceptInvitation: (body: JsonBody<"/api/auth/accept-invitation", "post">) =>
        done(client.POST("/api/auth/accept-invitation", { body })),
    },
    settings: {
      get: () => answer(client.GET("/api/settings")),
      update: (body: JsonBody<"/api/settings", "put">, version: number) =>
        answer(client.PUT("/api/settings", { params: { header: ifMatch(version) }, body })),
    },
    staff: {
      add: (body: JsonBody<"/api/staff", "post">) => answer(client.POST("/api/staff", { body })),
      resendInvitation: (userId: string) =>
        answer(client.POST("/api/staff/{id}/invitation", { params: { path: { id: userId } } })),
    },
    users: {
      list: (query: QueryOf<"/api/users", "get">) => answer(client.GET("/api/users", { params: { query } })),
      get: (id: string) => answer(client.GET("/api/users/{id}", { params: { path: { id } } })),
      create: (body: JsonBody<"/api/users", "post">) => answer(client.POST("/api/users", { body })),
      update: (id: string, body: JsonBody<"/api/users/{id}", "put">, version: number) =>
        answer(client.PUT("/api/users/{id}", { params: { path: { id }, header: ifMatch(version) }, body })),
      deactivate: (id: string, version: number) =>
        done(client.DELETE("/api/users/{id}", { params: { path: { id }, header: ifMatch(version) } })),
      assignRoles: (id: string, body: JsonBody<"/api/users/{id}/roles", "put">) =>
        answer(client.PUT("/api/users/{id}/roles", { params: { path: { id } }, body })),
      blacklist: (id: string, body: JsonBody<"/api/users/{id}/blacklist", "post">) =>
        answer(client.POST("/api/users/{id}/blacklist", { params: { path: { id } }, body })),
      liftBlacklist: (id: string) => answer(client.DELETE("/api/users/{id}/blacklist", { params: { path: { id } } })),
    },
    roles: {
      list: (query: QueryOf<"/api/roles", "get">) => answer(client.GET("/api/roles", { params: { query } })),
      create: (input: RoleInput) => answer(client.POST("/api/roles", { body: roleBody(input) })),
      update: (id: string, input: RoleInput, version: number) =>
        answer(
          client.PUT("/api/roles/{id}", { params: { path: { id }, header: ifMatch(version) }, body: roleBody(input) }),
        ),
      remove: (id: string, version: number) =>
        done(client.DELETE("/api/roles/{id}", { params: { path: { id }, header: ifMatch(version) } })),
    },
    permissions: {
      list: () => answer(client.GET("/api/permissions")),
    },
    ...clubEndpoints(client, api),
    ...invoiceEndpoints(client),
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
