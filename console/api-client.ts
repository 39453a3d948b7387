import type { Session } from "next-auth";
import { getSession, signOut, useSession } from "next-auth/react";
import { useMemo } from "react";
import type { z } from "zod";
import type { SessionUpdate } from "@/console/server/renewal";
import type { newAccountSchema } from "@/lib/auth/account-schema";
import type { Paginated } from "@/lib/platform/pagination";
import type { Role } from "@/lib/roles/repository";
import type { roleInputSchema, roleListQuery } from "@/lib/roles/schemas";
import type { PlatformSettings } from "@/lib/settings/platform-settings";
import type { platformSettingsSchema } from "@/lib/setup/platform";
import type {
  assignRolesSchema,
  blacklistSchema,
  createUserSchema,
  updateUserSchema,
  userListQuery,
} from "@/lib/users/schemas";
import type { UserSummary } from "@/lib/users/summaries";
import { clubEndpoints } from "./club-api";
import { type Json, type Transport, transport } from "./transport";

/** The console's API: the session-aware transport (./transport) with every endpoint; club-api.ts adds the club's. */
export type UserRow = Json<UserSummary>;
export type RoleRow = Json<Role>;

/** The login response of setup, login and password change; the refresh token is in the body when asked for. */
type LoginResponse = {
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
      update: (id: string, body: z.input<typeof updateUserSchema>, version: number) =>
        api.json<UserRow>("PUT", `/api/users/${segment(id)}`, { body, ifMatch: version }),
      deactivate: (id: string, version: number) =>
        api.empty("DELETE", `/api/users/${segment(id)}`, { ifMatch: version }),
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
      update: (id: string, body: RoleInput, version: number) =>
        api.json<RoleRow>("PUT", `/api/roles/${segment(id)}`, { body, ifMatch: version }),
      remove: (id: string, version: number) => api.empty("DELETE", `/api/roles/${segment(id)}`, { ifMatch: version }),
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
