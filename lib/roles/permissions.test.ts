import { describe, expect, it } from "vitest";
import { allows, DEFAULT_ROLE_PERMISSIONS, PERMISSIONS } from "./permissions";

describe("permissions", () => {
  it("names every permission entity:action, once", () => {
    for (const permission of PERMISSIONS) expect(permission).toMatch(/^[a-z-]+:[a-z_-]+$/);
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });

  it("lists every permission the spec names", () => {
    const named = [
      "attendance:clock-in",
      "attendance:clock-in-any",
      "attendance:clock-out-any",
      "attendance:read",
      "attendance:read-any",
      "attendance-requests:write",
      "attendance-requests:read",
      "attendance-requests:manage",
      "plans:read",
      "plans:write",
      "plans:delete",
      "subscriptions:read",
      "subscriptions:change_plan",
      "subscriptions:renew",
      "subscriptions:cancel",
      "members:read",
      "members:write",
      "users:read",
      "roles:read",
      "permissions:read",
      "settings:write",
      "promotions:read",
      "promotions:write",
      "referrals:read",
    ];
    expect(PERMISSIONS).toEqual(expect.arrayContaining(named));
  });

  it("lets the wildcard do anything and others only what they hold", () => {
    expect(allows(DEFAULT_ROLE_PERMISSIONS.SuperAdmin, "settings:write")).toBe(true);
    expect(allows(DEFAULT_ROLE_PERMISSIONS.Admin, "attendance-requests:manage")).toBe(true);
    expect(allows(DEFAULT_ROLE_PERMISSIONS.Employee, "attendance:clock-in")).toBe(true);
    expect(allows(DEFAULT_ROLE_PERMISSIONS.Employee, "attendance:read-any")).toBe(false);
    expect(allows(DEFAULT_ROLE_PERMISSIONS.User, "members:read")).toBe(false);
  });
});
