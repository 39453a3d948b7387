import { describe, expect, it } from "vitest";
import { DEFAULT_ROLE_PERMISSIONS } from "@/lib/roles/permissions";
import { administersSystem, homeFor } from "./role-home";

const holding = (...permissions: string[]) => ({ permissions });

describe("each role's home", () => {
  it("sends the built-in roles to their page", () => {
    expect(homeFor(holding(...DEFAULT_ROLE_PERMISSIONS.SuperAdmin))).toBe("/dashboard");
    expect(homeFor(holding(...DEFAULT_ROLE_PERMISSIONS.Admin))).toBe("/dashboard");
    expect(homeFor(holding(...DEFAULT_ROLE_PERMISSIONS.Employee))).toBe("/attendance");
    expect(homeFor(holding(...DEFAULT_ROLE_PERMISSIONS.User))).toBe("/overview");
  });

  it("sends front-desk staff (members without a manager's permissions) to the members", () => {
    expect(homeFor(holding("members:read", "members:write", "subscriptions:write", "plans:read"))).toBe("/members");
    expect(homeFor(holding("members:read", "attendance:read", "attendance:clock-in"))).toBe("/members");
  });

  it.each(["plans:write", "employees:write", "attendance-requests:manage", "users:write", "roles:write"])(
    "sends a member reader who also holds %s to the dashboard",
    (permission) => {
      expect(homeFor(holding("members:read", permission))).toBe("/dashboard");
    },
  );

  it("sends whoever only clocks in or reads their attendance to it", () => {
    expect(homeFor(holding("attendance:clock-in"))).toBe("/attendance");
    expect(homeFor(holding("attendance:read"))).toBe("/attendance");
  });

  it("sends a manager without access to members to the overview or their attendance, never the dashboard", () => {
    expect(homeFor(holding("employees:write", "employees:read"))).toBe("/overview");
    expect(homeFor(holding("attendance-requests:manage", "attendance:read"))).toBe("/attendance");
  });
});

describe("who administers the system", () => {
  it("is whoever may change roles", () => {
    expect(administersSystem(holding("*"))).toBe(true);
    expect(administersSystem(holding(...DEFAULT_ROLE_PERMISSIONS.Admin))).toBe(true);
    expect(administersSystem(holding("roles:write"))).toBe(true);
    expect(administersSystem(holding("roles:read", "users:write", "members:read"))).toBe(false);
    expect(administersSystem(holding(...DEFAULT_ROLE_PERMISSIONS.Employee))).toBe(false);
  });
});
