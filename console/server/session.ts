import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { authenticate, type Principal } from "@/lib/auth/authenticate";
import { AuthErrors } from "@/lib/auth/errors";
import { serviceContext } from "@/lib/composition/services";
import { getConfig } from "@/lib/config";
import { allows, type Permission } from "@/lib/roles/permissions";
import { getSetupStatus, type SetupStatus } from "@/lib/settings/setup-status";
import { sessionReaderOptions } from "./auth-options";
import { readConsoleSession } from "./session-cookie";

/**
 * Who is using the console, decided the way the API decides it: the session's access token is
 * verified (signature, expiry, deny-list, account state), so a blocked user or a session ended by a
 * password change stops at the next page. An expired token is "renewing": only the browser's call to
 * /api/auth/session can rotate tokens and store them in the cookie.
 */
export type ConsoleAccess = { state: "signed-in"; user: Principal } | { state: "renewing" } | { state: "signed-out" };

/** The session as the browser may see it (no token), once per request: the root layout hands it to the client providers. */
export const consoleSession = cache(async () => getServerSession(await sessionReaderOptions()));

export const consoleAccess = cache(async (): Promise<ConsoleAccess> => {
  const session = await readConsoleSession(getConfig(), (await headers()).get("cookie"));
  if (!session?.api || session.error) return { state: "signed-out" };
  const principal = await authenticate(await serviceContext(null), `Bearer ${session.api.accessToken}`);
  if (principal.ok) return { state: "signed-in", user: principal.value };
  return principal.error.code === AuthErrors.invalidToken.code ? { state: "renewing" } : { state: "signed-out" };
});

export const setupStatus = cache(async (): Promise<SetupStatus> => getSetupStatus((await serviceContext(null)).db));

/** Whether the user holds a permission ("*" holds them all). */
export const can = (user: Pick<Principal, "permissions">, permission: Permission) =>
  allows(user.permissions, permission);

/**
 * For console pages, which render alongside the layout: the user when the layout shows the page, else
 * null (the layout redirects or renews the session instead, so the page renders nothing).
 */
export async function pageUser(): Promise<Principal | null> {
  const access = await consoleAccess();
  return access.state === "signed-in" && !access.user.mustChangePassword ? access.user : null;
}

/** For public pages that make no sense to a signed-in user (setup once complete, login): where to send them. */
export async function redirectSignedIn(): Promise<void> {
  if ((await consoleAccess()).state === "signed-in") redirect("/");
}
