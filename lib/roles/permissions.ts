/**
 * Every permission the service knows, `entity:action` (spec 5). `*` grants all of them.
 * Promotions and referrals exist as permission families whose behaviour is not shown yet.
 */
export const PERMISSIONS = [
  "attendance:clock-in",
  "attendance:clock-in-any",
  "attendance:clock-out-any",
  "attendance:read",
  "attendance:read-any",
  "attendance-requests:write",
  "attendance-requests:read",
  "attendance-requests:manage",
  "employees:read",
  "employees:write",
  "plans:read",
  "plans:write",
  "plans:delete",
  "members:read",
  "members:write",
  "members:delete",
  "subscriptions:read",
  "subscriptions:write",
  "subscriptions:change_plan",
  "subscriptions:renew",
  "subscriptions:cancel",
  "billing:read",
  "billing:write",
  "billing:refund",
  "billing:remittances",
  "users:read",
  "users:write",
  "roles:read",
  "roles:write",
  "permissions:read",
  "settings:read",
  "settings:write",
  "files:read",
  "files:write",
  "files:delete",
  "mail:read",
  "mail:write",
  "audit:read",
  "jobs:run",
  "billing:read",
  "billing:write",
  "promotions:read",
  "promotions:write",
  "referrals:read",
] as const;

export type Permission = (typeof PERMISSIONS)[number];
export const WILDCARD = "*";

export const BUILT_IN_ROLES = ["SuperAdmin", "Admin", "Employee", "User"] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

const EMPLOYEE_SELF_SERVICE: readonly Permission[] = [
  "attendance:clock-in",
  "attendance:read",
  "attendance-requests:write",
  "attendance-requests:read",
];

/** Default mapping (spec 5 shows only SuperAdmin's): Admin runs the business, Employee serves itself. */
export const DEFAULT_ROLE_PERMISSIONS: Record<BuiltInRole, readonly (Permission | typeof WILDCARD)[]> = {
  SuperAdmin: [WILDCARD],
  Admin: PERMISSIONS,
  Employee: EMPLOYEE_SELF_SERVICE,
  User: [],
};

/** Whether a holder of `granted` may do `required`. */
export function allows(granted: readonly string[], required: Permission): boolean {
  return granted.includes(WILDCARD) || granted.includes(required);
}
