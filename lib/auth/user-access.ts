import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { builtOncePerExecutor } from "@/lib/platform/db/built-once";
import { rolePermissions, roles, userRoles, users } from "@/lib/platform/db/schema";
import { BUILT_IN_ROLES } from "@/lib/roles/permissions";

export type UserAccess = {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  mustChangePassword: boolean;
  isActive: boolean;
  blacklistedAt: Date | null;
  sessionVersion: number;
  /** The console's language the user picked (users.language); null follows the club's. */
  language: string | null;
  roles: string[];
  permissions: string[];
};

const userAccessQuery = builtOncePerExecutor((executor) =>
  executor
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      mustChangePassword: users.mustChangePassword,
      isActive: users.isActive,
      blacklistedAt: users.blacklistedAt,
      sessionVersion: users.sessionVersion,
      language: users.language,
      roles: sql<string[]>`coalesce(array_agg(distinct ${roles.name}) filter (where ${roles.name} is not null), '{}')`,
      permissions: sql<
        string[]
      >`coalesce(array_agg(distinct ${rolePermissions.permission}) filter (where ${rolePermissions.permission} is not null), '{}')`,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .groupBy(users.id)
    .prepare("user_access"),
);

/** A user with their role names and effective permissions, in one query (every authenticated request runs it). */
export async function loadUserAccess(executor: Executor, userId: string): Promise<UserAccess | null> {
  const [row] = await userAccessQuery(executor).execute({ userId });
  return row ?? null;
}

/** The role a client shows first: the most powerful built-in one, else the first by name. */
export function primaryRole(roleNames: readonly string[]): string | null {
  const builtIn = BUILT_IN_ROLES.find((name) => roleNames.includes(name));
  return builtIn ?? [...roleNames].sort()[0] ?? null;
}
