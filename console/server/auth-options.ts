import "server-only";
import { headers } from "next/headers";
import type { AuthOptions, User } from "next-auth";
import type { JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { signInDestination } from "@/console/sign-in-destination";
import { signInUnavailable } from "@/console/sign-in-errors";
import { AuthErrors } from "@/lib/auth/errors";
import { login, signInOrigin } from "@/lib/auth/login";
import { logout } from "@/lib/auth/logout";
import { getOwnLanguage } from "@/lib/auth/own-language";
import { serviceContext } from "@/lib/composition/services";
import { getConfig } from "@/lib/config";
import { authKeys } from "@/lib/platform/auth-keys";
import { platform } from "@/lib/platform/container";
import { checkRateLimit } from "@/lib/platform/http/rate-limit";
import { logger } from "@/lib/platform/logger";
import { fail, ok, type Result } from "@/lib/platform/result";
import { setLanguageCookie } from "./language-cookie";
import { nextAuthLogger } from "./next-auth-logger";
import { openRefreshToken } from "./password-handoff";
import { refreshOnce } from "./refresh";
import { type Renewal, refreshTokenToRedeem, type SessionUpdate, sessionUpdateSchema } from "./renewal";
import { usesSecureCookies } from "./session-cookie";
import { accessTokenIdOf, apiTokensOf } from "./tokens";

// next-auth builds its callback and redirect URLs from NEXTAUTH_URL.
process.env.NEXTAUTH_URL ??= getConfig().APP_URL;

const credentialsSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});

type RequestHeaders = Record<string, unknown> | undefined;

/** next-auth hands the request's headers over as a plain object. */
const headersOf = (all: RequestHeaders) =>
  new Headers(Object.entries(all ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"));

/** The login service itself (same password check, throttling and audit), behind the same per-address limit as POST /api/auth/login. */
async function signInWithPassword(credentials: unknown, requestHeaders: RequestHeaders): Promise<Result<User>> {
  const running = await platform();
  const headers = headersOf(requestHeaders);
  const limited = await checkRateLimit(running, "auth", headers);
  if (limited) return fail(limited);
  const parsed = credentialsSchema.safeParse(credentials);
  if (!parsed.success) return fail(AuthErrors.invalidCredentials);
  const ctx = await serviceContext(null);
  const session = await login(ctx, parsed.data, signInOrigin(headers, ctx.config));
  if (!session.ok) return session;
  await setLanguageCookie(ctx.config, await getOwnLanguage(ctx.db, session.value.user.id));
  return ok({ id: session.value.user.id, email: session.value.user.email, api: apiTokensOf(session.value) });
}

/** What an update() asks for, with a password change's sealed refresh token opened; null for a seal that does not open. */
async function renewalOf(update: SessionUpdate | undefined): Promise<Renewal | undefined | null> {
  if (!update || !("sealedRefreshToken" in update)) return update;
  const refreshToken = await openRefreshToken(getConfig(), update.sealedRefreshToken);
  return refreshToken ? { refreshToken } : null;
}

/**
 * Renews the API session the cookie holds, or adopts the one a password change returned. Redeeming
 * the refresh token server-side is the proof: nothing the browser claims about tokens is stored unverified.
 */
async function renewedToken(token: JWT, update: SessionUpdate | undefined): Promise<JWT> {
  const renewal = await renewalOf(update);
  // The change this seal came from ended the session the cookie holds: without the new one it is over.
  if (renewal === null) return { ...token, error: "RefreshFailed" };
  const refreshToken = refreshTokenToRedeem(token, renewal, Date.now());
  if (!refreshToken || !token.api) return token;
  try {
    const refreshed = await refreshOnce(refreshToken, (await headers()).get("user-agent"));
    // A presented token may only continue this user's session, never switch the cookie to someone else.
    if (!refreshed.ok || refreshed.value.user.id !== token.api.userId) return { ...token, error: "RefreshFailed" };
    return { ...token, api: apiTokensOf(refreshed.value), error: undefined };
  } catch (error) {
    // An outage is no reason to end the session: the next request tries again.
    logger.warn({ err: error }, "console session not renewed: the session service is unavailable");
    return token;
  }
}

/**
 * next-auth's options. Only the route handler may renew tokens: it can write the new cookie, while a
 * server component cannot, and a rotated refresh token that never reached the cookie would be
 * presented again and end the login as a reuse.
 */
async function consoleAuthOptions({ renews }: { renews: boolean }): Promise<AuthOptions> {
  const config = getConfig();
  const { consoleSession } = await authKeys(config);
  return {
    secret: consoleSession,
    session: { strategy: "jwt", maxAge: config.REFRESH_TOKEN_TTL_DAYS * 86_400 },
    useSecureCookies: usesSecureCookies(config),
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, request) {
          const outcome = await signInWithPassword(credentials, request.headers).catch((error: unknown) => {
            logger.error({ err: error }, "console sign-in failed unexpectedly");
            return fail<User>(signInUnavailable);
          });
          // next-auth hands the message to signIn()'s caller as `error`; the login page words it.
          if (!outcome.ok) throw new Error(outcome.error.code);
          return outcome.value;
        },
      }),
    ],
    callbacks: {
      // Sign-in and sign-out continue only to a path of this site (a foreign or disguised URL becomes the console's home).
      redirect: ({ url }) => new URL(signInDestination(url, config.APP_URL), config.APP_URL).href,
      async jwt({ token, user, trigger, session }) {
        if (user) return { ...token, api: user.api, error: undefined };
        if (!renews) return token;
        return renewedToken(token, trigger === "update" ? sessionUpdateSchema.safeParse(session).data : undefined);
      },
      // What page scripts see (/api/auth/session, useSession()): who is signed in, never a token (docs/api.md, "What the browser holds").
      session({ session, token }) {
        const api = token.api;
        return {
          ...session,
          accessTokenId: api ? accessTokenIdOf(api.accessToken) : "",
          userId: api?.userId ?? "",
          role: api?.role ?? null,
          mustChangePassword: api?.mustChangePassword ?? false,
          error: api ? token.error : "RefreshFailed",
        };
      },
    },
    events: {
      // Signing out of the console is an API logout: the refresh token's login ends and the access token is deny-listed.
      async signOut({ token }) {
        if (!token.api) return;
        await logout(await serviceContext(null), {
          authorization: `Bearer ${token.api.accessToken}`,
          refreshToken: token.api.refreshToken,
        });
      },
    },
    logger: nextAuthLogger,
  };
}

/** For the next-auth route handler: signs in, out, and renews the API session. */
export const authOptions = () => consoleAuthOptions({ renews: true });

/** For server components: reads the session cookie and never renews (they cannot write cookies). */
export const sessionReaderOptions = () => consoleAuthOptions({ renews: false });
