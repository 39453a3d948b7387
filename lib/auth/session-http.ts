import type { Config } from "@/lib/config";
import type { Session } from "./session";

/** Scoped to the auth endpoints: the refresh token never travels with ordinary API calls. */
const REFRESH_COOKIE = "clubops_refresh";
const REFRESH_COOKIE_PATH = "/api/auth";

/**
 * How a client receives its refresh token: browsers in an HttpOnly cookie (default), mobile apps,
 * which keep it in secure storage, in the body. Chosen per login with `"refreshTokenTransport": "body"`.
 */
export type RefreshTokenTransport = "cookie" | "body";

/** Where clients reach the service; the request's own URL cannot tell (under `next start` it names the bind address). */
type PublicAddress = Pick<Config, "APP_URL">;

/** Secure exactly when clients reach the service over https, so plain-http development still gets its cookie. */
function cookie(address: PublicAddress, value: string, maxAgeSeconds: number): string {
  const secure = new URL(address.APP_URL).protocol === "https:" ? "; Secure" : "";
  return `${REFRESH_COOKIE}=${value}; Path=${REFRESH_COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

export function clearRefreshCookie(address: PublicAddress): string {
  return cookie(address, "", 0);
}

/** The spec's login response (accessToken, email, role, mustChangePassword) plus expiry details. */
export function sessionResponse(
  address: PublicAddress,
  session: Session,
  transport: RefreshTokenTransport,
  status = 200,
): Response {
  const body = {
    accessToken: session.accessToken,
    tokenType: "Bearer",
    expiresIn: session.accessTokenLifetime,
    userId: session.user.id,
    email: session.user.email,
    role: session.user.role,
    mustChangePassword: session.user.mustChangePassword,
    ...(transport === "body"
      ? { refreshToken: session.refreshToken, refreshTokenExpiresAt: session.refreshTokenExpiresAt.toISOString() }
      : {}),
  };
  const headers = new Headers({ "cache-control": "no-store" });
  if (transport === "cookie") {
    const maxAge = Math.round((session.refreshTokenExpiresAt.getTime() - Date.now()) / 1000);
    headers.append("set-cookie", cookie(address, session.refreshToken, maxAge));
  }
  return Response.json(body, { status, headers });
}

/** The refresh token from the body (mobile) or the cookie (web), and which way it came, so the answer goes back the same way. */
export function presentedRefreshToken(
  request: Request,
  bodyToken: string | undefined,
): { token: string; transport: RefreshTokenTransport } | null {
  if (bodyToken) return { token: bodyToken, transport: "body" };
  const fromCookie = request.headers
    .get("cookie")
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${REFRESH_COOKIE}=`))
    ?.slice(REFRESH_COOKIE.length + 1);
  const token = fromCookie ? decodedCookie(fromCookie) : null;
  return token ? { token, transport: "cookie" } : null;
}

/** A cookie value this API set is percent-encoded; anything that does not decode is no token at all. */
function decodedCookie(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
