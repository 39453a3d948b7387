import { asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { countRowsOf, selectPage } from "@/lib/platform/db/paged-select";
import { rolePermissions, roles } from "@/lib/platform/db/schema";
import type { Paginated } from "@/lib/platform/pagination";
import type { RoleListQuery } from "./schemas";

export type Role = {
  id: string;
  name: string;
  description: string | null;
  isBuiltIn: boolean;
  permissions: string[];
  userCount: number;
  createdAt: Date;
  /** The record's version, its ETag: each change adds 1 (docs/api.md, Concurrency control). */
  version: number;
};

const roleColumns = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  isBuiltIn: roles.isBuiltIn,
  createdAt: roles.createdAt,
  version: roles.version,
  // Written out with aliases: drizzle leaves columns unqualified in a single-table select, which a correlated subquery cannot use.
  permissions: sql<
    string[]
  >`coalesce((select array_agg(rp.permission order by rp.permission) from role_permissions rp where rp.role_id = "roles"."id"), '{}')`,
  userCount: sql<number>`(select count(*) from user_roles ur where ur.role_id = "roles"."id")::int`,
};

type RoleOrder = { orderBy: "name" | "createdAt"; orderDirection: "asc" | "desc" };

const orderOf = ({ orderBy, orderDirection }: RoleOrder) => {
  const direction = orderDirection === "asc" ? asc : desc;
  return [direction(orderBy === "name" ? sql`lower(${roles.name})` : roles.createdAt), asc(roles.id)];
};

/** Roles matching `where`, by name. */
async function selectRoles(executor: Executor, where: SQL): Promise<Role[]> {
  return executor
    .select(roleColumns)
    .from(roles)
    .where(where)
    .orderBy(...orderOf({ orderBy: "name", orderDirection: "asc" }))
    .limit(1000);
}

export function selectRolePage(executor: Executor, query: RoleListQuery): Promise<Paginated<Role>> {
  return selectPage(
    { rows: executor.select(roleColumns).from(roles).$dynamic(), count: countRowsOf(executor, roles) },
    undefined,
    orderOf(query),
    query,
  );
}

export async function findRole(executor: Executor, id: string): Promise<Role | null> {
  const [role] = await selectRoles(executor, eq(roles.id, id));
  return role ?? null;
}

/** Roles by name, case-insensitively, in one query. */
export async function findRolesByName(executor: Executor, names: readonly string[]): Promise<Role[]> {
  if (names.length === 0) return [];
  return selectRoles(
    executor,
    inArray(
      sql`lower(${roles.name})`,
      names.map((name) => name.toLowerCase()),
    ),
  );
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
