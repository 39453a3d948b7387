import "@/tests/support/isolated-env";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox } from "@/lib/platform/db/schema";
import { completeSetup, createAccount } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { GET as listPermissions } from "../permissions/route";
import { PUT as assignRoles } from "../users/[id]/roles/route";
import { DELETE as deleteRole, GET as getRole, PUT as updateRole } from "./[id]/route";
import { POST as createRole, GET as listRoles } from "./route";

type Role = { id: string; name: string; isBuiltIn: boolean; permissions: string[]; userCount: number };

let running: Platform;
let adminToken: string;

const create = (body: object, token = adminToken) => call<Role>(createRole, { path: "/api/roles", token, body });
const byId = (id: string) => ({ path: `/api/roles/${id}`, params: { id } });
async function roleNamed(name: string): Promise<Role> {
  const page = await call<{ items: Role[] }>(listRoles, { path: "/api/roles?pageSize=100", token: adminToken });
  const role = page.body.items.find((item) => item.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role;
}

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  adminToken = await completeSetup();
});
afterAll(stopPlatform);

describe("GET /api/permissions", () => {
  it("lists every permission the service knows, including promotions and referrals", async () => {
    const reply = await call<string[]>(listPermissions, { path: "/api/permissions", token: adminToken });
    expect(reply.status).toBe(200);
    expect(reply.body[0]).toBe("*");
    expect(reply.body).toEqual(
      expect.arrayContaining([
        "attendance:clock-in-any",
        "subscriptions:change_plan",
        "settings:write",
        "promotions:read",
        "promotions:write",
        "referrals:read",
      ]),
    );
  });
});

describe("roles", () => {
  it("lists the four built-in roles with their permissions and user counts", async () => {
    const reply = await call<{ items: Role[]; totalCount: number }>(listRoles, {
      path: "/api/roles",
      token: adminToken,
    });
    expect(reply.body.totalCount).toBe(4);
    expect(reply.body.items.map((role) => [role.name, role.isBuiltIn, role.userCount])).toEqual([
      ["Admin", true, 0],
      ["Employee", true, 0],
      ["SuperAdmin", true, 1],
      ["User", true, 0],
    ]);
    expect(reply.body.items.find((role) => role.name === "SuperAdmin")?.permissions).toEqual(["*"]);
  });

  it("creates a role with sorted, de-duplicated permissions, audited", async () => {
    const reply = await create({
      name: "Front desk",
      description: "Reception",
      permissions: ["members:read", "attendance:clock-in-any", "members:read"],
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      name: "Front desk",
      isBuiltIn: false,
      permissions: ["attendance:clock-in-any", "members:read"],
      userCount: 0,
    });
    const [audit] = await running.database.db.select().from(auditOutbox).where(eq(auditOutbox.entityId, reply.body.id));
    expect(audit).toMatchObject({ action: "roles.created", severity: "Warning" });
    expect((await call(getRole, { ...byId(reply.body.id), token: adminToken })).body).toMatchObject({
      name: "Front desk",
    });
  });

  it("answers 409 Role.DuplicateName for a name in use, whatever its case", async () => {
    const reply = await create({ name: "FRONT DESK", permissions: [] });
    expect(reply).toMatchObject({ status: 409, body: { code: "Role.DuplicateName" } });
  });

  it("rejects unknown permissions and bad names with field errors", async () => {
    const reply = await create({ name: "!", permissions: ["members:fly"] });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain("errors");
  });

  it("answers 403 Role.CannotGrant when the creator lacks a permission of the role", async () => {
    const account = await createAccount(adminToken, ["Admin"]);
    const wildcard = await create({ name: "Almighty", permissions: ["*"] }, account.token);
    expect(wildcard).toMatchObject({ status: 403, body: { code: "Role.CannotGrant" } });
  });

  it("updates a role and refuses renaming or deleting a built-in one", async () => {
    const frontDesk = await roleNamed("Front desk");
    const updated = await call<Role>(updateRole, {
      ...byId(frontDesk.id),
      method: "PUT",
      token: adminToken,
      body: { name: "Reception", permissions: ["members:read"] },
    });
    expect(updated).toMatchObject({ status: 200, body: { name: "Reception", permissions: ["members:read"] } });

    const admin = await roleNamed("Admin");
    const renamed = await call(updateRole, {
      ...byId(admin.id),
      method: "PUT",
      token: adminToken,
      body: { name: "Boss", permissions: admin.permissions },
    });
    expect(renamed).toMatchObject({ status: 409, body: { code: "Role.BuiltIn" } });
    const superAdmin = await roleNamed("SuperAdmin");
    const narrowed = await call(updateRole, {
      ...byId(superAdmin.id),
      method: "PUT",
      token: adminToken,
      body: { name: "SuperAdmin", permissions: ["users:read"] },
    });
    expect(narrowed).toMatchObject({ status: 409, body: { code: "Role.BuiltIn" } });
    const deleted = await call(deleteRole, { ...byId(admin.id), method: "DELETE", token: adminToken });
    expect(deleted).toMatchObject({ status: 409, body: { code: "Role.BuiltIn" } });
  });

  it("refuses to delete a role users hold, and deletes it once nobody does", async () => {
    const reception = await roleNamed("Reception");
    const holder = await createAccount(adminToken, ["Reception"]);
    const inUse = await call(deleteRole, { ...byId(reception.id), method: "DELETE", token: adminToken });
    expect(inUse).toMatchObject({ status: 409, body: { code: "Role.InUse" } });

    await call(assignRoles, {
      path: `/api/users/${holder.id}/roles`,
      method: "PUT",
      params: { id: holder.id },
      token: adminToken,
      body: { roles: ["User"] },
    });
    const deleted = await call(deleteRole, { ...byId(reception.id), method: "DELETE", token: adminToken });
    expect(deleted.status).toBe(204);
    expect(await call(getRole, { ...byId(reception.id), token: adminToken })).toMatchObject({
      status: 404,
      body: { code: "Role.NotFound" },
    });
  });
});
