import { allows, type Permission, WILDCARD } from "./permissions";

/**
 * No privilege escalation: a user may grant (in a role, or by assigning a role) only permissions
 * they hold themselves, and the wildcard only if they hold it.
 */
export function canGrant(granterPermissions: readonly string[], granted: readonly string[]): boolean {
  return granted.every((permission) =>
    permission === WILDCARD
      ? granterPermissions.includes(WILDCARD)
      : allows(granterPermissions, permission as Permission),
  );
}
