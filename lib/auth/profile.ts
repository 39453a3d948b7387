import { PERMISSIONS, WILDCARD } from "@/lib/roles/permissions";
import type { ClubLanguage } from "@/lib/settings/languages";
import type { Principal } from "./authenticate";
import { ownLanguageOf } from "./own-language";
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
  /** The console's language the caller picked (PUT /api/auth/me/language); null follows the club's. */
  language: ClubLanguage | null;
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
    language: ownLanguageOf(principal.language),
  };
}
