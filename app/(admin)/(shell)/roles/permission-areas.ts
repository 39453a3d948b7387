import { PERMISSIONS, type Permission, WILDCARD } from "@/lib/roles/permissions";

/**
 * The areas a role's permissions are shown in, in the order a club thinks of them; messages/<language>/roles.json
 * names each area (`areas`) and says each permission as a sentence (`permissions`).
 */
export const PERMISSION_AREAS = [
  "members",
  "subscriptions",
  "billing",
  "plans",
  "employees",
  "attendance",
  "attendance-requests",
  "users",
  "roles",
  "mail",
  "files",
  "audit",
  "jobs",
  "settings",
  "promotions",
  "referrals",
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

/** Seeing the list of permissions belongs with roles, where it is used. */
const AREA_OF_ENTITY: Readonly<Record<string, PermissionArea>> = { permissions: "roles" };

const isKnown = (permission: string): permission is Permission =>
  (PERMISSIONS as readonly string[]).includes(permission);

export function areaOf(permission: Permission): PermissionArea {
  const entity = permission.split(":")[0] ?? "";
  return AREA_OF_ENTITY[entity] ?? (entity as PermissionArea);
}

/**
 * Known permissions grouped by area, areas in PERMISSION_AREAS order and permissions in the API's order; the wildcard
 * and codes this console does not know (a newer server) are left to the caller.
 */
export function byArea(permissions: readonly string[]): [PermissionArea, Permission[]][] {
  const known = PERMISSIONS.filter((permission) => permissions.includes(permission));
  return PERMISSION_AREAS.map((area) => [area, known.filter((permission) => areaOf(permission) === area)] as const)
    .filter(([, inArea]) => inArea.length > 0)
    .map(([area, inArea]) => [area, [...inArea]]);
}

/** Codes the console has no sentence for (a newer server's), shown as they are. */
export const unknownPermissions = (permissions: readonly string[]) =>
  permissions.filter((permission) => permission !== WILDCARD && !isKnown(permission));
