import "server-only";
import { type NextRequest, NextResponse } from "next/server";
import type { Config } from "@/lib/config";
import { newNonce, type SecurityContext, securityHeaders, servedOverHttps } from "@/lib/platform/http/security-headers";
import { withConsoleBearer } from "./console-bearer";

/**
 * The page a request asked for (path and query), set here on every page request whatever the browser sent: layouts
 * are not told their URL, and the console's frame sends a visitor without a session to sign in and back to it.
 */
export const REQUESTED_PAGE_HEADER = "x-clubops-requested-page";

/** API answers, health reports and metrics: data for programs, never pages. */
const isApiPath = (pathname: string) =>
  pathname.startsWith("/api/") || pathname === "/health" || pathname.startsWith("/health/") || pathname === "/metrics";

/**
 * What proxy.ts does with every request before its route: the security headers of
 * lib/platform/http/security-headers.ts on the answer; for a page, its Content-Security-Policy with a fresh nonce
 * also on the request, which is where Next.js reads the nonce it puts on its own scripts, and the page asked for
 * (REQUESTED_PAGE_HEADER); for an API call the
 * console marked as its own, the session cookie's access token as the bearer token (console-bearer.ts).
 */
export async function frontDoor(request: NextRequest, config: Config): Promise<NextResponse> {
  const api = isApiPath(request.nextUrl.pathname);
  const headers = securityHeaders(api ? null : newNonce(), securityContextOf(config));
  const requestHeaders = api
    ? await withConsoleBearer(config, request.headers)
    : withPolicy(request.headers, headers, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ headers, ...(requestHeaders && { request: { headers: requestHeaders } }) });
}

const contexts = new WeakMap<Config, SecurityContext>();

/** Read from the configuration once, not per request (this runs before every answer). */
function securityContextOf(config: Config): SecurityContext {
  let context = contexts.get(config);
  if (!context) {
    context = { https: servedOverHttps(config.APP_URL), development: config.NODE_ENV === "development" };
    contexts.set(config, context);
  }
  return context;
}

function withPolicy(incoming: Headers, answer: Headers, requestedPage: string): Headers {
  const forwarded = new Headers(incoming);
  forwarded.set("content-security-policy", answer.get("content-security-policy") ?? "");
  forwarded.set(REQUESTED_PAGE_HEADER, requestedPage);
  return forwarded;
}
