import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { getConfig } from "@/lib/config";
import { authKeys } from "@/lib/platform/auth-keys";

const b64url = (value: unknown) =>
  Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

/** Claims as lib/auth/access-token.ts issues them; `override` replaces or removes (undefined) any of them. */
async function signed(
  key: CryptoKey | Uint8Array,
  userId: string,
  override: Record<string, unknown> = {},
  header: Record<string, unknown> = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    sv: 0,
    sid: randomUUID(),
    sub: userId,
    jti: randomUUID(),
    iss: "clubops",
    aud: "clubops-api",
    iat: now,
    exp: now + 900,
    ...override,
  };
  for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT", ...header }).sign(key);
}

/**
 * Access tokens that must all be refused with 401 `Auth.InvalidToken`: forged, expired, for another audience or
 * issuer, unsigned (alg none), signed with another key or algorithm, or not a JWT at all. `userId` is a real
 * user (the super-admin), so only the token's own flaw stands between it and the API.
 */
export async function forgedTokens(userId: string, sessionVersion: number): Promise<Record<string, string>> {
  const key = (await authKeys(getConfig())).accessToken;
  const otherKey = new TextEncoder().encode("another-secret-that-is-long-enough-for-hs256!");
  const now = Math.floor(Date.now() / 1000);
  const valid = await signed(key, userId, { sv: sessionVersion });
  const [header, payload, signature] = valid.split(".") as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
  const flipped = `${signature.slice(0, -2)}${signature.at(-2) === "A" ? "B" : "A"}${signature.at(-1)}`;
  return {
    "alg none": `${b64url({ alg: "none", typ: "JWT" })}.${payload}.`,
    "alg none, upper case": `${b64url({ alg: "NONE", typ: "JWT" })}.${payload}.`,
    "alg none with the real signature": `${b64url({ alg: "none", typ: "JWT" })}.${payload}.${signature}`,
    "another key": await signed(otherKey, userId, { sv: sessionVersion }),
    "HS512 with the real key": await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS512", typ: "JWT" })
      .sign(new Uint8Array(await crypto.subtle.exportKey("raw", key))),
    expired: await signed(key, userId, { sv: sessionVersion, iat: now - 3600, exp: now - 1800 }),
    "expired a second ago": await signed(key, userId, { sv: sessionVersion, iat: now - 901, exp: now - 1 }),
    "not yet valid": await signed(key, userId, { sv: sessionVersion, nbf: now + 3600 }),
    "another audience": await signed(key, userId, { sv: sessionVersion, aud: "someone-else" }),
    "another issuer": await signed(key, userId, { sv: sessionVersion, iss: "evil" }),
    "no expiry": await signed(key, userId, { sv: sessionVersion, exp: undefined }),
    "no jti": await signed(key, userId, { sv: sessionVersion, jti: undefined }),
    "no subject": await signed(key, userId, { sv: sessionVersion, sub: undefined }),
    "session version as text": await signed(key, userId, { sv: String(sessionVersion) }),
    "no sign-in (sid)": await signed(key, userId, { sv: sessionVersion, sid: undefined }),
    "sign-in not a uuid": await signed(key, userId, { sv: sessionVersion, sid: "' OR 1=1 --" }),
    "payload swapped, signature kept": `${header}.${b64url({ ...claims, sub: randomUUID() })}.${signature}`,
    "signature flipped": `${header}.${payload}.${flipped}`,
    "signature removed": `${header}.${payload}.`,
    "header only": header,
    "two parts": `${header}.${payload}`,
    "four parts": `${valid}.${signature}`,
    "kid injection": await signed(otherKey, userId, { sv: sessionVersion }, { kid: "../../../../dev/null" }),
    "jku header": await signed(otherKey, userId, { sv: sessionVersion }, { jku: "http://127.0.0.1:1/jwks.json" }),
    "garbage base64": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.####",
    "not base64": "not.a.jwt",
    "JSON header not an object": `${b64url("[]")}.${payload}.${signature}`,
    huge: `${header}.${b64url({ ...claims, pad: "x".repeat(200_000) })}.${signature}`,
    "SQL in the token": "'OR'1'='1'--",
  };
}

/**
 * Tokens signed with the real key whose claims no issued token carries (a subject that is not a uuid, an
 * unknown user). They show what the API does once a signature checks out but the claims are odd.
 */
export async function oddlySignedTokens(): Promise<Record<string, string>> {
  const key = (await authKeys(getConfig())).accessToken;
  return {
    "unknown user": await signed(key, randomUUID()),
    "subject not a uuid": await signed(key, "not-a-uuid"),
    "subject with SQL": await signed(key, "' OR 1=1 --"),
    "subject with NUL": await signed(key, "\u0000"),
    "huge session version": await signed(key, randomUUID(), { sv: 1e300 }),
  };
}

/** Authorization header values that are not `Bearer <token>` at all. */
export const MALFORMED_AUTHORIZATION = [
  "",
  "Bearer",
  "Bearer ",
  "Bearer  ",
  "Basic b3duZXI6cGFzc3dvcmQ=",
  "Token abc",
  "bearer",
  "Bearer a b",
  "Bearer\tabc",
  "Bearer null",
  "Bearer undefined",
  `Bearer ${"A".repeat(100_000)}`,
  "Bearer \u00ff\u00fe",
];
