import { randomUUID } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";

const ISSUER = "clubops";
const AUDIENCE = "clubops-api";
const ALGORITHM = "HS256";

const BEARER = /^Bearer\s+(\S+)$/i;
/** User ids are uuids; a token claiming anything else never reaches the database. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(authorization: string | null): string | null {
  return authorization?.match(BEARER)?.[1] ?? null;
}

export type AccessTokenClaims = {
  userId: string;
  jti: string;
  sessionId: string;
  sessionVersion: number;
  expiresAt: number;
};
export type IssuedAccessToken = { token: string; jti: string; expiresAt: Date };

/**
 * A short-lived JWT with sub, jti, iat, exp, `sv` (the user's session version) and `sid` (the sign-in it belongs to,
 * its refresh-token family). Roles and permissions are looked up per request, so they are never stale; raising the
 * version revokes every older token of the user, deny-listing the `sid` every token of one sign-in.
 */
export async function issueAccessToken(
  key: CryptoKey,
  subject: { userId: string; sessionId: string; sessionVersion: number },
  ttlSeconds: number,
): Promise<IssuedAccessToken> {
  const jti = randomUUID();
  const issuedAt = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ sv: subject.sessionVersion, sid: subject.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(subject.userId)
    .setJti(jti)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key);
  return { token, jti, expiresAt: new Date((issuedAt + ttlSeconds) * 1000) };
}

/** The token's claims, or null when it is malformed, forged, expired or not ours. */
export async function verifyAccessToken(key: CryptoKey, token: string): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: [ALGORITHM] });
    const { sub, jti, exp, sv, sid } = payload;
    if (
      !sub ||
      !UUID.test(sub) ||
      !jti ||
      exp === undefined ||
      typeof sv !== "number" ||
      typeof sid !== "string" ||
      !UUID.test(sid)
    )
      return null;
    return { userId: sub, jti, sessionId: sid, sessionVersion: sv, expiresAt: exp };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
