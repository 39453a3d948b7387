import { businessError } from "@/lib/platform/result";

/**
 * The auth module's error catalogue. 401 codes tell clients what to do: only
 * Auth.InvalidToken is worth a refresh; after Auth.TokenRevoked the user must log in again.
 */
export const AuthErrors = {
  missingToken: businessError(
    "Auth.MissingToken",
    "unauthorized",
    "Sign in to continue: this endpoint needs a bearer token.",
  ),
  invalidToken: businessError("Auth.InvalidToken", "unauthorized", "The access token is invalid or has expired."),
  tokenRevoked: businessError("Auth.TokenRevoked", "unauthorized", "Your session has ended; please log in again."),
  forbidden: businessError("Auth.Forbidden", "forbidden", "You do not have permission to do this."),
  passwordChangeRequired: businessError(
    "Auth.PasswordChangeRequired",
    "forbidden",
    "Choose a new password first (POST /api/auth/change-password).",
  ),
  invalidCredentials: businessError("Auth.InvalidCredentials", "unauthorized", "The email or password is incorrect."),
  userBlocked: businessError(
    "Auth.UserBlocked",
    "forbidden",
    "This account has been blocked. Contact the club's staff.",
  ),
  userDeactivated: businessError("Auth.UserDeactivated", "forbidden", "This account has been deactivated."),
  emailNotVerified: businessError(
    "Auth.EmailNotVerified",
    "forbidden",
    "Confirm your email address first: follow the link we sent you.",
  ),
  invalidRefreshToken: businessError(
    "Auth.InvalidRefreshToken",
    "unauthorized",
    "The refresh token is invalid or has expired; please log in again.",
  ),
  refreshTokenReused: businessError(
    "Auth.RefreshTokenReused",
    "unauthorized",
    "This refresh token was already used, so every session started from it has been ended; please log in again.",
  ),
  invalidCurrentPassword: businessError("Auth.InvalidCurrentPassword", "invalid", "The current password is incorrect."),
  invalidLink: businessError(
    "Auth.InvalidLink",
    "invalid",
    "This link is invalid, already used or expired. Ask for a new one.",
  ),
  registrationDisabled: businessError(
    "Auth.RegistrationDisabled",
    "forbidden",
    "Sign-up is closed here: accounts are made by the club's staff, who can invite you.",
  ),
  signInNotFound: businessError(
    "Auth.SignInNotFound",
    "not_found",
    "You have no sign-in with that id that is still going on.",
  ),
  setupIncomplete: businessError("Setup.Incomplete", "conflict", "The club has not been set up yet."),
} as const;
