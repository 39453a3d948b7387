import { allows, type Permission, WILDCARD } from "@/lib/roles/permissions";

/** Where a user starts: the console's root (`/`) and a sign-in without a requested page send them here. */
type ConsoleHome = "/dashboard" | "/members" | "/attendance" | "/overview";

type Holder = { readonly permissions: readonly string[] };

/**
 * What makes someone a manager rather than front-desk staff: they shape the club's offer, its staff or its accounts,
 * not only serve members at the desk.
 */
const MANAGER_PERMISSIONS: readonly Permission[] = [
  "plans:write",
  "employees:write",
  "attendance-requests:manage",
  "users:write",
  "roles:write",
];

/**
 * Who administers the system (sees System health, the API reference and the overview of accounts): whoever decides
 * who may do what, i.e. may change roles. The built-in SuperAdmin ("*") and Admin roles hold it; managers' custom
 * roles usually do not.
 */
export const administersSystem = (user: Holder) => allows(user.permissions, "roles:write");

const isManager = (user: Holder) =>
  user.permissions.includes(WILDCARD) || MANAGER_PERMISSIONS.some((permission) => allows(user.permissions, permission));

/**
 * A user's home page by what they may do: managers and administrators the dashboard, front-desk staff (members without
 * the manager's permissions) the members, an employee their clock and attendance; anyone else the overview, which
 * shows their account.
 */
export function homeFor(user: Holder): ConsoleHome {
  if (allows(user.permissions, "members:read")) return isManager(user) ? "/dashboard" : "/members";
  if (allows(user.permissions, "attendance:read") || allows(user.permissions, "attendance:clock-in"))
    return "/attendance";
  return "/overview";
}
