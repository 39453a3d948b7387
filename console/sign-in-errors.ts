import { AuthErrors } from "@/lib/auth/errors";
import { businessError } from "@/lib/platform/result";

/** A sign-in that failed for a reason that is not the user's (the database is down, …). */
export const signInUnavailable = businessError(
  "Console.Unavailable",
  "invalid",
  "Signing in is not possible right now. Try again in a moment.",
);

const MESSAGES: Record<string, string> = {
  ...Object.fromEntries(
    [
      AuthErrors.invalidCredentials,
      AuthErrors.userBlocked,
      AuthErrors.userDeactivated,
      AuthErrors.emailNotVerified,
      signInUnavailable,
    ].map((error) => [error.code, error.message]),
  ),
  // From the per-address limit (a minute) or an email's throttle (up to the policy's longest wait): the code does not say which.
  "RateLimit.Exceeded": "Too many sign-in attempts. Wait a few minutes and try again, or reset your password.",
};

/** The console's words for the code next-auth reports from a failed credentials sign-in. */
export function signInErrorMessage(code: string): string {
  return MESSAGES[code] ?? MESSAGES[signInUnavailable.code] ?? code;
}
