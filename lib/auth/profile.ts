import { PERMISSIONS, WILDCARD } from "@/lib/roles/permissions";
import type { Principal } from "./authenticate";
import { primaryRole } from "./user-access";

export type Profile = {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  role: string | null;
  roles: string[];
  mustChangePassword: boolean;
  /** Every permission the caller effectively holds; "*" is expanded and kept, so clients need no wildcard logic. */
  permissions: string[];
};

export function profileOf(principal: Principal): Profile {
  const effective = principal.permissions.includes(WILDCARD) ? [WILDCARD, ...PERMISSIONS] : principal.permissions;
  return {
    id: principal.id,
    email: principal.email,
    username: principal.username,
    firstName: principal.firstName,
    lastName: principal.lastName,
    role: primaryRole(principal.roles),
    roles: [...principal.roles].sort(),
    mustChangePassword: principal.mustChangePassword,
    permissions: [...new Set(effective)].sort(),
  };
}
