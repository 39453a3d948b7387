import { and, eq } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import {
  type ExpectedVersion,
  nextVersion,
  refusalOfConditionalWrite,
  versionMatches,
} from "@/lib/platform/db/row-version";
import { roles } from "@/lib/platform/db/schema";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { sqlStateOf, violatedUniqueConstraint } from "@/lib/platform/errors";
import type { Paginated } from "@/lib/platform/pagination";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { Acting, ServiceContext } from "@/lib/services/context";
import { RoleErrors } from "./errors";
import { canGrant } from "./grants";
import { PERMISSIONS, WILDCARD } from "./permissions";
import { findRole, type Role, replaceRolePermissions, selectRolePage } from "./repository";
import type { RoleInput, RoleListQuery } from "./schemas";

const FOREIGN_KEY_VIOLATION = "23503";

/** Who edits roles: a role may only grant what its editor holds. */
type RoleEditing = Pick<ServiceContext, "db"> & Acting;

export async function listRoles({ db }: Pick<ServiceContext, "db">, query: RoleListQuery): Promise<Paginated<Role>> {
  return selectRolePage(db, query);
}

export async function getRole({ db }: Pick<ServiceContext, "db">, id: string): Promise<Result<Role>> {
  const role = await findRole(db, id);
  return role ? ok(role) : fail(RoleErrors.notFound);
}

/** Every permission string the service knows, with the wildcard first. */
export function listPermissions(): string[] {
  return [WILDCARD, ...PERMISSIONS];
}

/** A unique-name violation becomes Role.DuplicateName; anything else stays unexpected. */
async function uniqueName<T>(work: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await work();
  } catch (error) {
    if (violatedUniqueConstraint(error) === "roles_name_key") return fail(RoleErrors.duplicateName);
    throw error;
  }
}

export async function createRole({ db, actor }: RoleEditing, input: RoleInput): Promise<Result<Role>> {
  if (!canGrant(actor.permissions, input.permissions)) return fail(RoleErrors.cannotGrant);
  return uniqueName(() =>
    commitWhatever(db, async (tx) => {
      const [created] = await tx
        .insert(roles)
        .values({ name: input.name, description: input.description || null })
        .returning({ id: roles.id });
      if (!created) throw new Error("insert returned no role");
      await replaceRolePermissions(tx, created.id, input.permissions);
      await recordAudit(tx, {
        action: "roles.created",
        severity: "Warning",
        actorId: actor.id,
        entity: "role",
        entityId: created.id,
        data: { name: input.name, permissions: input.permissions },
      });
      return ok((await findRole(tx, created.id)) as Role);
    }),
  );
}

/** Built-in roles keep their names, and SuperAdmin keeps `*`; other built-in roles' permissions can change. */
/** The WHERE of a role write: the role, at the version the request expects (If-Match), if it names one. */
const roleAt = (id: string, expected: ExpectedVersion) =>
  and(eq(roles.id, id), versionMatches(roles.version, expected));

export async function updateRole(
  { db, actor }: RoleEditing,
  id: string,
  input: RoleInput,
  expected?: ExpectedVersion,
): Promise<Result<Role>> {
  const current = await findRole(db, id);
  if (!current) return fail(RoleErrors.notFound);
  const renamed = current.name !== input.name;
  const permissionsChanged = current.permissions.join() !== input.permissions.join();
  if (current.isBuiltIn && (renamed || (current.name === "SuperAdmin" && permissionsChanged)))
    return fail(RoleErrors.builtIn);
  // Changing a role grants what it adds and revokes what it drops: both need the actor to hold them.
  const kept = new Set<string>(input.permissions.filter((permission) => current.permissions.includes(permission)));
  const touched = [...input.permissions, ...current.permissions].filter((permission) => !kept.has(permission));
  if (!canGrant(actor.permissions, touched)) return fail(RoleErrors.cannotGrant);
  return uniqueName(() =>
    commitWhatever(db, async (tx) => {
      // The checks above read `current` outside this transaction; with If-Match, the write applies only to that version.
      const [updated] = await tx
        .update(roles)
        .set({
          name: input.name,
          description: input.description || null,
          updatedAt: new Date(),
          version: nextVersion(roles.version),
        })
        .where(roleAt(id, expected))
        .returning({ id: roles.id });
      if (!updated) return fail(await refusalOfConditionalWrite(tx, roles, id, RoleErrors.notFound));
      if (permissionsChanged) await replaceRolePermissions(tx, id, input.permissions);
      await recordAudit(tx, {
        action: "roles.updated",
        severity: "Warning",
        actorId: actor.id,
        entity: "role",
        entityId: id,
        data: { before: { name: current.name, permissions: current.permissions }, after: input },
      });
      return ok((await findRole(tx, id)) as Role);
    }),
  );
}

export async function deleteRole(
  { db, actor }: RoleEditing,
  id: string,
  expected?: ExpectedVersion,
): Promise<Result<void>> {
  const current = await findRole(db, id);
  if (!current) return fail(RoleErrors.notFound);
  if (current.isBuiltIn) return fail(RoleErrors.builtIn);
  if (current.userCount > 0) return fail(RoleErrors.inUse);
  if (!canGrant(actor.permissions, current.permissions)) return fail(RoleErrors.cannotGrant);
  try {
    return await commitWhatever(db, async (tx) => {
      const [deleted] = await tx.delete(roles).where(roleAt(id, expected)).returning({ id: roles.id });
      if (!deleted) return fail(await refusalOfConditionalWrite(tx, roles, id, RoleErrors.notFound));
      await recordAudit(tx, {
        action: "roles.deleted",
        severity: "Warning",
        actorId: actor.id,
        entity: "role",
        entityId: id,
        data: { name: current.name },
      });
      return ok(undefined);
    });
  } catch (error) {
    // user_roles references roles ON DELETE RESTRICT: a user assigned meanwhile makes the delete fail, never orphaned.
    if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) return fail(RoleErrors.inUse);
    throw error;
  }
}
