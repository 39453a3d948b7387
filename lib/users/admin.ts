import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { Principal } from "@/lib/auth/authenticate";
import { checkNewPassword, endAllSessions } from "@/lib/auth/credentials";
import { hashPassword } from "@/lib/auth/password";
import { WILDCARD } from "@/lib/auth/permissions";
import type { Database, Executor, Transaction } from "@/lib/platform/db";
import { userRoles, users } from "@/lib/platform/db/schema";
import { inSerializableTransaction } from "@/lib/platform/db/serializable";
import { violatedUniqueConstraint } from "@/lib/platform/errors";
import { paginated, type Paginated } from "@/lib/platform/pagination";
import { fail, ok, type BusinessError, type Result } from "@/lib/platform/result";
import { RoleErrors } from "@/lib/roles/errors";
import { canGrant } from "@/lib/roles/grants";
import { findRolesByName, type Role } from "@/lib/roles/repository";
import { loadUserAccess, type UserAccess } from "./access";
import { UserErrors } from "./errors";
import type { CreateUserInput, UpdateUserInput, UserListQuery } from "./schemas";
import { findUserSummary, selectUserPage, type UserSummary } from "./summaries";

export type Actor = Pick<Principal, "id" | "permissions">;

export async function listUsers(db: Database, query: UserListQuery): Promise<Paginated<UserSummary>> {
  const { items, total } = await selectUserPage(db, query);
  return paginated(items, total, query);
}

export async function getUser(db: Database, id: string): Promise<Result<UserSummary>> {
  const user = await findUserSummary(db, id);
  return user ? ok(user) : fail(UserErrors.notFound);
}

const UNIQUE_ERRORS: Record<string, BusinessError> = {
  users_email_key: UserErrors.duplicateEmail,
  users_username_key: UserErrors.duplicateUsername,
};

/** Email and username clashes become 409s; anything else stays unexpected. */
async function uniqueAccount<T>(work: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await work();
  } catch (error) {
    const known = UNIQUE_ERRORS[violatedUniqueConstraint(error) ?? ""];
    if (known) return fail(known);
    throw error;
  }
}

/** The named roles, if they all exist and the actor holds every permission they carry. */
async function grantableRoles(executor: Executor, actor: Actor, names: readonly string[]): Promise<Result<Role[]>> {
  const found = await findRolesByName(executor, names);
  if (found.length !== names.length) return fail(UserErrors.unknownRole);
  if (!canGrant(actor.permissions, found.flatMap((role) => role.permissions))) return fail(RoleErrors.cannotGrant);
  return ok(found);
}

/** Staff create accounts with a temporary password; the user must choose their own at first login. */
export async function createUser(db: Database, actor: Actor, input: CreateUserInput): Promise<Result<UserSummary>> {
  const granted = await grantableRoles(db, actor, input.roles);
  if (!granted.ok) return granted;
  const weak = await checkNewPassword(db, input.password, input, "password");
  if (weak) return fail(weak);
  const passwordHash = await hashPassword(input.password);
  return uniqueAccount(() =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: input.email,
          username: input.username,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          mustChangePassword: true,
          emailVerifiedAt: new Date(),
        })
        .returning({ id: users.id });
      if (!created) throw new Error("insert returned no user");
      if (granted.value.length > 0) {
        await tx.insert(userRoles).values(granted.value.map((role) => ({ userId: created.id, roleId: role.id })));
      }
      await recordAudit(tx, {
        action: "users.created",
        severity: "Info",
        actorId: actor.id,
        entity: "user",
        entityId: created.id,
        data: { email: input.email, username: input.username, roles: input.roles },
      });
      return ok((await findUserSummary(tx, created.id)) as UserSummary);
    }),
  );
}

const isSuperUser = (user: Pick<UserAccess, "permissions">) => user.permissions.includes(WILDCARD);

/**
 * Loads the target of an account change and applies the rules every change shares:
 * it exists, and only a wildcard holder may change a wildcard holder's account.
 */
async function changeableTarget(tx: Executor, actor: Actor, id: string): Promise<Result<UserAccess>> {
  const target = await loadUserAccess(tx, id);
  if (!target) return fail(UserErrors.notFound);
  if (isSuperUser(target) && !actor.permissions.includes(WILDCARD)) return fail(UserErrors.protectedAccount);
  return ok(target);
}

/** Whether an active, unblocked wildcard holder other than `userId` remains. */
async function anotherSuperUserRemains(tx: Executor, userId: string): Promise<boolean> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(
      and(
        ne(users.id, userId),
        eq(users.isActive, true),
        isNull(users.blacklistedAt),
        sql`exists (select 1 from role_permissions rp where rp.role_id = ${userRoles.roleId} and rp.permission = ${WILDCARD})`,
      ),
    )
    .limit(1);
  return other !== undefined;
}

/**
 * Runs an account change with its target, SERIALIZABLE so "another super-admin remains" cannot be
 * invalidated by a parallel change, then answers the target's new summary.
 */
function changeAccount(
  db: Database,
  actor: Actor,
  id: string,
  change: (tx: Transaction, target: UserAccess) => Promise<BusinessError | null>,
): Promise<Result<UserSummary>> {
  return uniqueAccount(() =>
    inSerializableTransaction(db, async (tx) => {
      const target = await changeableTarget(tx, actor, id);
      if (!target.ok) return target;
      const refused = await change(tx, target.value);
      if (refused) return fail(refused);
      return ok((await findUserSummary(tx, id)) as UserSummary);
    }),
  );
}

/** Guards a change that takes a user's access away: never one's own, never the last super-admin. */
async function mayRemoveAccess(tx: Executor, actor: Actor, target: UserAccess): Promise<BusinessError | null> {
  if (target.id === actor.id) return UserErrors.cannotModifySelf;
  if (isSuperUser(target) && !(await anotherSuperUserRemains(tx, target.id))) return UserErrors.lastSuperAdmin;
  return null;
}

export function updateUser(db: Database, actor: Actor, id: string, input: UpdateUserInput): Promise<Result<UserSummary>> {
  return changeAccount(db, actor, id, async (tx, target) => {
    const deactivating = target.isActive && !input.isActive;
    if (deactivating) {
      const refused = await mayRemoveAccess(tx, actor, target);
      if (refused) return refused;
    }
    await tx.update(users).set({ ...input, updatedAt: new Date() }).where(eq(users.id, id));
    if (deactivating) await endAllSessions(tx, id);
    await recordAudit(tx, {
      action: deactivating ? "users.deactivated" : "users.updated",
      severity: deactivating ? "Warning" : "Info",
      actorId: actor.id,
      entity: "user",
      entityId: id,
      data: { before: { email: target.email, username: target.username, isActive: target.isActive }, after: input },
    });
    return null;
  });
}

/** DELETE keeps the account (its history stays attributable) and deactivates it. */
export async function deactivateUser(db: Database, actor: Actor, id: string): Promise<Result<UserSummary>> {
  const current = await findUserSummary(db, id);
  if (!current) return fail(UserErrors.notFound);
  const { email, username, firstName, lastName } = current;
  return updateUser(db, actor, id, { email, username, firstName, lastName, isActive: false });
}

export function assignRoles(db: Database, actor: Actor, id: string, roleNames: readonly string[]): Promise<Result<UserSummary>> {
  return changeAccount(db, actor, id, async (tx, target) => {
    if (target.id === actor.id) return UserErrors.cannotModifySelf;
    const granted = await grantableRoles(tx, actor, roleNames);
    if (!granted.ok) return granted.error;
    const keepsWildcard = granted.value.some((role) => role.permissions.includes(WILDCARD));
    if (isSuperUser(target) && !keepsWildcard && !(await anotherSuperUserRemains(tx, id))) return UserErrors.lastSuperAdmin;
    await tx.delete(userRoles).where(eq(userRoles.userId, id));
    if (granted.value.length > 0) {
      await tx.insert(userRoles).values(granted.value.map((role) => ({ userId: id, roleId: role.id })));
    }
    await recordAudit(tx, {
      action: "users.roles_assigned",
      severity: "Warning",
      actorId: actor.id,
      entity: "user",
      entityId: id,
      data: { before: target.roles, after: granted.value.map((role) => role.name) },
    });
    return null;
  });
}

/** Blocks the account from signing in and ends every session at once. */
export function blacklistUser(db: Database, actor: Actor, id: string, reason: string): Promise<Result<UserSummary>> {
  return changeAccount(db, actor, id, async (tx, target) => {
    const refused = await mayRemoveAccess(tx, actor, target);
    if (refused) return refused;
    await tx.update(users).set({ blacklistedAt: new Date(), blacklistReason: reason, updatedAt: new Date() }).where(eq(users.id, id));
    await endAllSessions(tx, id);
    await recordAudit(tx, { action: "users.blacklisted", severity: "Warning", actorId: actor.id, entity: "user", entityId: id, data: { reason } });
    return null;
  });
}

export function liftBlacklist(db: Database, actor: Actor, id: string): Promise<Result<UserSummary>> {
  return changeAccount(db, actor, id, async (tx) => {
    await tx.update(users).set({ blacklistedAt: null, blacklistReason: null, updatedAt: new Date() }).where(eq(users.id, id));
    await recordAudit(tx, { action: "users.blacklist_lifted", severity: "Warning", actorId: actor.id, entity: "user", entityId: id });
    return null;
  });
}
