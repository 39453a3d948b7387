import { asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { rolePermissions, roles } from "@/lib/platform/db/schema";

export type Role = {
  id: string;
  name: string;
  description: string | null;
  isBuiltIn: boolean;
  permissions: string[];
  userCount: number;
  createdAt: Date;
};

const roleColumns = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  isBuiltIn: roles.isBuiltIn,
  createdAt: roles.createdAt,
  // Written out with aliases: drizzle leaves columns unqualified in a single-table select, which a correlated subquery cannot use.
  permissions: sql<
    string[]
  >`coalesce((select array_agg(rp.permission order by rp.permission) from role_permissions rp where rp.role_id = "roles"."id"), '{}')`,
  userCount: sql<number>`(select count(*) from user_roles ur where ur.role_id = "roles"."id")::int`,
};

export type RoleOrder = { orderBy: "name" | "createdAt"; orderDirection: "asc" | "desc" };

export async function selectRoles(
  executor: Executor,
  options: { where?: SQL; order?: RoleOrder; limit?: number; offset?: number } = {},
): Promise<Role[]> {
  const { orderBy = "name", orderDirection = "asc" } = options.order ?? {};
  const direction = orderDirection === "asc" ? asc : desc;
  return executor
    .select(roleColumns)
    .from(roles)
    .where(options.where)
    .orderBy(direction(orderBy === "name" ? sql`lower(${roles.name})` : roles.createdAt), asc(roles.id))
    .limit(options.limit ?? 1000)
    .offset(options.offset ?? 0);
}

export async function countRoles(executor: Executor): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(roles);
  return row?.n ?? 0;
}

export async function findRole(executor: Executor, id: string): Promise<Role | null> {
  const [role] = await selectRoles(executor, { where: eq(roles.id, id) });
  return role ?? null;
}

/** Roles by name, case-insensitively, in one query. */
export async function findRolesByName(executor: Executor, names: readonly string[]): Promise<Role[]> {
  if (names.length === 0) return [];
  return selectRoles(executor, {
    where: inArray(
      sql`lower(${roles.name})`,
      names.map((name) => name.toLowerCase()),
    ),
  });
}

export async function replaceRolePermissions(
  executor: Executor,
  roleId: string,
  permissions: readonly string[],
): Promise<void> {
  await executor.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (permissions.length > 0) {
    await executor.insert(rolePermissions).values(permissions.map((permission) => ({ roleId, permission })));
  }
}
