import { fail, ok, type Result } from "@/lib/platform/result";
import { allows, type Permission } from "@/lib/roles/permissions";
import { bearerToken, verifyAccessToken } from "./access-token";
import type { AuthContext } from "./context";
import { isAccessTokenDenied } from "./deny-list";
import { AuthErrors } from "./errors";
import { loadUserAccess, type UserAccess } from "./user-access";

/** The caller of a protected request: who they are now (roles, permissions) and which token they used. */
/** `sessionId`: the sign-in (refresh-token family) the access token belongs to. */
export type Principal = UserAccess & { jti: string; sessionId: string; tokenExpiresAt: number };

/** Spec 5: a bearer JWT, not on the deny-list, of a user who is still active and not blacklisted. */
export async function authenticate(ctx: AuthContext, authorization: string | null): Promise<Result<Principal>> {
  const token = bearerToken(authorization);
  if (!token) return fail(AuthErrors.missingToken);
  const claims = await verifyAccessToken(ctx.keys.accessToken, token);
  if (!claims) return fail(AuthErrors.invalidToken);
  // The deny-list (cache) and the user's current access (database) are independent: ask both at once.
  const [denied, user] = await Promise.all([
    isAccessTokenDenied(ctx.cache, claims),
    loadUserAccess(ctx.db, claims.userId),
  ]);
  if (denied) return fail(AuthErrors.tokenRevoked);
  if (!user?.isActive || user.blacklistedAt) return fail(AuthErrors.tokenRevoked);
  if (claims.sessionVersion !== user.sessionVersion) return fail(AuthErrors.tokenRevoked);
  return ok({ ...user, jti: claims.jti, sessionId: claims.sessionId, tokenExpiresAt: claims.expiresAt });
}

/** "authenticated" admits any signed-in user (own profile, password change, logout). */
export type Access = Permission | "authenticated";

/** Until a temporary password is replaced, the account can only reach its own profile and the password change. */
export function authorize(principal: Principal, access: Access): Result<Principal> {
  if (access === "authenticated") return ok(principal);
  if (principal.mustChangePassword) return fail(AuthErrors.passwordChangeRequired);
  return allows(principal.permissions, access) ? ok(principal) : fail(AuthErrors.forbidden);
}
