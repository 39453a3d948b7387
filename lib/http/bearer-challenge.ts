import { AuthErrors } from "@/lib/auth/errors";
import type { BusinessError } from "@/lib/platform/result";

/** The 401 codes that mean a bearer token was sent and refused (malformed, forged, expired or revoked). */
const REFUSED_TOKEN_CODES: ReadonlySet<string> = new Set([AuthErrors.invalidToken.code, AuthErrors.tokenRevoked.code]);

/**
 * RFC 6750's challenge for a 401 (RFC 9110 requires one on every 401): `error="invalid_token"` when the request's
 * bearer token was refused; none when no token was sent or another credential failed (a password, a refresh token),
 * as RFC 6750 3.1 asks of requests that carried no access token.
 */
export function bearerChallenge(error: BusinessError): string {
  return REFUSED_TOKEN_CODES.has(error.code) ? `Bearer error="invalid_token"` : "Bearer";
}
