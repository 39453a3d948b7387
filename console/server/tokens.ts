import "server-only";
import { createHash } from "node:crypto";
import type { Session as ApiSession } from "@/lib/auth/session";

/** The API session kept in the console's encrypted cookie; times are epoch milliseconds (the cookie holds JSON). */
export type ApiTokens = {
  userId: string;
  email: string;
  role: string | null;
  mustChangePassword: boolean;
  accessToken: string;
  accessTokenExpiresAt: number;
  refreshToken: string;
  /** When the console received these tokens: sessions revoked after this moment are over. */
  receivedAt: number;
};

/** Set when the API session could not be renewed: the browser signs out. */
export type SessionError = "RefreshFailed";

export function apiTokensOf(session: ApiSession): ApiTokens {
  return {
    userId: session.user.id,
    email: session.user.email,
    role: session.user.role,
    mustChangePassword: session.user.mustChangePassword,
    accessToken: session.accessToken,
    accessTokenExpiresAt: session.accessTokenExpiresAt.getTime(),
    refreshToken: session.refreshToken,
    receivedAt: Date.now(),
  };
}

/**
 * Names an access token without revealing it: the browser reports which token an API call was refused with
 * (next-auth's update()), and the session route renews only if the cookie still holds that one.
 */
export const accessTokenIdOf = (accessToken: string) =>
  createHash("sha256").update(accessToken).digest("base64url").slice(0, 22);
