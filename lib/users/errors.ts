import { businessError } from "@/lib/platform/result";

export const UserErrors = {
  notFound: businessError("User.NotFound", "not_found", "No user has that id."),
  duplicateEmail: businessError("User.DuplicateEmail", "conflict", "Another account already uses that email address."),
  duplicateUsername: businessError("User.DuplicateUsername", "conflict", "Another account already uses that username."),
  unknownRole: businessError("User.UnknownRole", "invalid", "One of the roles does not exist."),
  cannotModifySelf: businessError(
    "User.CannotModifySelf",
    "conflict",
    "You cannot deactivate, block or remove the roles of your own account.",
  ),
  protectedAccount: businessError(
    "User.ProtectedAccount",
    "forbidden",
    "You can change only accounts whose permissions you all hold yourself; this account has permissions you lack.",
  ),
  unconfirmedSignUp: businessError(
    "User.UnconfirmedSignUp",
    "conflict",
    "This account signed itself up and its email address is not confirmed yet, so it cannot be given roles. Invite the person instead: the invitation replaces the unconfirmed sign-up.",
  ),
  lastSuperAdmin: businessError(
    "User.LastSuperAdmin",
    "conflict",
    "The club needs at least one active super-administrator.",
  ),
} as const;
