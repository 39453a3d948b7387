/**
 * The caller's IP for rate limiting. Next.js sets X-Forwarded-For to the socket address only
 * when the request has none, and each trusted reverse proxy appends the address it saw, so the
 * entry `trustedProxyHops` from the right is the first one nobody but our own proxies wrote.
 */
export function clientIp(request: Request, trustedProxyHops: number): string {
  const forwarded = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  return forwarded[Math.max(0, forwarded.length - 1 - trustedProxyHops)] ?? "unknown";
}
