import "server-only";
import type { JWT } from "next-auth/jwt";
import { z } from "zod";
import { accessTokenIdOf } from "./tokens";

/** The access token is renewed when it has less than this left. */
export const REFRESH_MARGIN_MS = 60_000;

/** What the browser may ask of its session through next-auth's update(); it holds no token, only names and seals. */
export const sessionUpdateSchema = z.union([
  /** An API call was refused with the access token of this id (the session's `accessTokenId`): renew it unless a newer one is already stored. */
  z.object({ rejectedAccessTokenId: z.string().min(1).max(64) }),
  /** A password change ended every session and returned a new one, sealed (password-handoff.ts): continue with it. */
  z.object({ sealedRefreshToken: z.string().min(1).max(2000) }),
]);
export type SessionUpdate = z.infer<typeof sessionUpdateSchema>;

/** An update as the server acts on it, once a sealed refresh token is opened. */
export type Renewal = { rejectedAccessTokenId: string } | { refreshToken: string };

/**
 * Which refresh token to redeem for the session cookie `token`, or null to keep it as it is: the
 * stored one when the access token is about to expire or the browser saw it refused, the presented
 * one after a password change. A session whose renewal failed stays failed unless a new one is presented.
 */
export function refreshTokenToRedeem(token: JWT, update: Renewal | undefined, now: number): string | null {
  const current = token.api;
  if (!current) return null;
  if (update && "refreshToken" in update) return update.refreshToken;
  if (token.error) return null;
  const rejected = update !== undefined && update.rejectedAccessTokenId === accessTokenIdOf(current.accessToken);
  const expiring = current.accessTokenExpiresAt - now < REFRESH_MARGIN_MS;
  return rejected || expiring ? current.refreshToken : null;
}
