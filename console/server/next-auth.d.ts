import type { ApiTokens, SessionError } from "./tokens";

declare module "next-auth" {
  /**
   * What the browser sees of the console session: who is signed in, and a name of the current access token (to say
   * which one an API call was refused with), never a token. The proxy attaches the access token to the console's calls.
   */
  interface Session {
    accessTokenId: string;
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
