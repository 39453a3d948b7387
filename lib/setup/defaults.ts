import { sql } from "drizzle-orm";
import { DEFAULT_PASSWORD_POLICY } from "@/lib/auth/password-policy";
import type { Executor } from "@/lib/platform/db";
import { passwordPolicy, rolePermissions, roles } from "@/lib/platform/db/schema";
import { BUILT_IN_ROLES, DEFAULT_ROLE_PERMISSIONS } from "@/lib/roles/permissions";

const DESCRIPTIONS: Record<(typeof BUILT_IN_ROLES)[number], string> = {
  SuperAdmin: "Everything, including settings and roles (*).",
  Admin: "Runs the club: members, plans, subscriptions, staff attendance, users.",
  Employee: "Staff self-service: own clock-in/out, attendance and correction requests.",
  User: "A signed-in account with no back-office access.",
};

/** Stores the default password policy and the four built-in roles with their permissions; idempotent. */
export async function ensureSetupDefaults(tx: Executor): Promise<void> {
  await tx
    .insert(passwordPolicy)
    .values({ id: 1, ...DEFAULT_PASSWORD_POLICY })
    .onConflictDoNothing();
  await tx
    .insert(roles)
    .values(BUILT_IN_ROLES.map((name) => ({ name, description: DESCRIPTIONS[name], isBuiltIn: true })))
    .onConflictDoNothing();
  const stored = await tx.select({ id: roles.id, name: roles.name }).from(roles).where(sql`${roles.isBuiltIn}`);
  const grants = stored.flatMap((role) =>
    (DEFAULT_ROLE_PERMISSIONS[role.name as keyof typeof DEFAULT_ROLE_PERMISSIONS] ?? []).map((permission) => ({
      roleId: role.id,
      permission,
    })),
  );
  if (grants.length > 0) await tx.insert(rolePermissions).values(grants).onConflictDoNothing();
}
