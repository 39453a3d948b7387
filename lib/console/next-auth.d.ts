import type { ApiTokens, SessionError } from "./tokens";

declare module "next-auth" {
  /** What the browser sees of the console session: the API access token and who it belongs to, never the refresh token. */
  interface Session {
    accessToken: string;
    userId: string;
    role: string | null;
    mustChangePassword: boolean;
    error?: SessionError;
  }

  /** What the credentials provider's authorize() hands the jwt callback at sign-in. */
  interface User {
    api: ApiTokens;
  }
}

declare module "next-auth/jwt" {
  /** The encrypted session cookie: the API session the console holds on the user's behalf. */
  interface JWT {
    api?: ApiTokens;
    error?: SessionError;
  }
}
