import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { checkNewPassword, endAllSessions } from "@/lib/auth/credentials";
import { hashPassword } from "@/lib/auth/password";
import { discardUnconfirmedSignUp, isUnconfirmedSignUp } from "@/lib/auth/registration";
import { loadUserAccess, type UserAccess } from "@/lib/auth/user-access";
import { newUserValues } from "@/lib/auth/user-repository";
import type { Database, Executor, Transaction } from "@/lib/platform/db";
import {
  acceptsVersion,
  type ExpectedVersion,
  nextVersion,
  staleVersion,
  storedVersion,
} from "@/lib/platform/db/row-version";
import { userRoles, users } from "@/lib/platform/db/schema";
import { commitWhatever } from "@/lib/platform/db/transaction";
import type { Paginated } from "@/lib/platform/pagination";
import { type BusinessError, fail, ok, type Result } from "@/lib/platform/result";
import { RoleErrors } from "@/lib/roles/errors";
import { canGrant } from "@/lib/roles/grants";
import { WILDCARD } from "@/lib/roles/permissions";
import { findRolesByName, type Role } from "@/lib/roles/repository";
import type { Acting, Actor, ServiceContext } from "@/lib/services/context";
import { requestEmailChange, sameAddress } from "./email-change";
import { UserErrors } from "./errors";
import type { CreateUserInput, UpdateUserInput, UserListQuery } from "./schemas";
import { findUserSummary, selectUserPage, type UserSummary } from "./summaries";
import { uniqueAccount } from "./unique-account";

/** What an account change needs: the database, where emailed links point, and who acts (what they may grant). */
export type UsersContext = Pick<ServiceContext, "db" | "config"> & Acting;

/** The account changes of user management, as a refusal names them in the audit trail. */
type AccountChange = "create" | "update" | "deactivate" | "assign_roles" | "blacklist" | "lift_blacklist" | "invite";

export async function listUsers(
  ctx: Pick<ServiceContext, "db">,
  query: UserListQuery,
): Promise<Paginated<UserSummary>> {
  return selectUserPage(ctx.db, query);
}

export async function getUser(ctx: Pick<ServiceContext, "db">, id: string): Promise<Result<UserSummary>> {
  const user = await findUserSummary(ctx.db, id);
  return user ? ok(user) : fail(UserErrors.notFound);
}

/**
 * A 403 here is someone reaching beyond their own permissions, so it is audited as a Warning. It is written on its
 * own (one statement, its own transaction): the refused change's transaction kept nothing.
 */
export async function auditedRefusal<T>(
  db: Database,
  actor: Actor,
  change: AccountChange,
  targetId: string | null,
  result: Result<T>,
): Promise<Result<T>> {
  if (!result.ok && result.error.kind === "forbidden") {
    await recordAudit(db, {
      action: "users.change_refused",
      severity: "Warning",
      actorId: actor.id,
      entity: "user",
      entityId: targetId,
      data: { change, code: result.error.code, reason: result.error.message },
    });
  }
  return result;
}

/**
 * The named roles, if they all exist and the actor holds every permission they carry, and every permission of the
 * roles they replace (`revoked`): taking a role away needs the same authority as handing it out.
 */
export async function grantableRoles(
  executor: Executor,
  actor: Actor,
  names: readonly string[],
  revoked: readonly string[] = [],
): Promise<Result<Role[]>> {
  const found = await findRolesByName(executor, names);
  if (found.length !== names.length) return fail(UserErrors.unknownRole);
  if (!canGrant(actor.permissions, [...found.flatMap((role) => role.permissions), ...revoked]))
    return fail(RoleErrors.cannotGrant);
  return ok(found);
}

/** How a new account starts: with a temporary password to replace, or invited to choose one (lib/staff). */
type AccountStart = Pick<typeof users.$inferInsert, "mustChangePassword" | "emailVerifiedAt" | "invitedAt">;

/**
 * Inserts a staff-made account with its roles and its `users.created` audit entry, in the caller's transaction.
 * An unconfirmed sign-up holding the address is replaced (lib/auth/registration.ts: whoever typed the address may not
 * be its owner); otherwise the unique indexes refuse a taken email or username (wrap the transaction in `uniqueAccount`).
 */
export async function insertAccount(
  tx: Transaction,
  actor: Actor,
  account: Omit<CreateUserInput, "password" | "roles">,
  passwordHash: string,
  roles: readonly Role[],
  start: AccountStart,
): Promise<string> {
  await discardUnconfirmedSignUp(tx, account.email, actor.id);
  const [created] = await tx
    .insert(users)
    .values({ ...newUserValues(account, passwordHash), ...start })
    .returning({ id: users.id });
  if (!created) throw new Error("insert returned no user");
  if (roles.length > 0) {
    await tx.insert(userRoles).values(roles.map((role) => ({ userId: created.id, roleId: role.id })));
  }
  await recordAudit(tx, {
    action: "users.created",
    severity: "Info",
    actorId: actor.id,
    entity: "user",
    entityId: created.id,
    data: { email: account.email, username: account.username, roles: roles.map((role) => role.name) },
  });
  return created.id;
}

/** Staff create accounts with a temporary password; the user must choose their own at first login. */
export async function createUser(ctx: UsersContext, input: CreateUserInput): Promise<Result<UserSummary>> {
  const { db, actor } = ctx;
  const granted = await auditedRefusal(db, actor, "create", null, await grantableRoles(db, actor, input.roles));
  if (!granted.ok) return granted;
  const weak = await checkNewPassword(db, input.password, input, "password");
  if (weak) return fail(weak);
  const passwordHash = await hashPassword(input.password);
  return uniqueAccount(() =>
    commitWhatever(db, async (tx) => {
      const id = await insertAccount(tx, actor, input, passwordHash, granted.value, {
        mustChangePassword: true,
        emailVerifiedAt: new Date(),
      });
      return ok((await findUserSummary(tx, id)) as UserSummary);
    }),
  );
}

const isSuperUser = (user: Pick<UserAccess, "permissions">) => user.permissions.includes(WILDCARD);

/**
 * Loads the target of an account change and applies the rule every change shares: it exists, and the actor holds
 * every permission the target holds (`*` covers all). Editing, blocking or re-roling an account that can do more than
 * its editor would let the editor take it over (e.g. an email change, then a password reset).
 */
export async function changeableTarget(tx: Executor, actor: Actor, id: string): Promise<Result<UserAccess>> {
  const target = await loadUserAccess(tx, id);
  if (!target) return fail(UserErrors.notFound);
  if (!canGrant(actor.permissions, target.permissions)) return fail(UserErrors.protectedAccount);
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
 * invalidated by a parallel change, then answers the target's new summary. `apply` refuses before it writes.
 * `expected` (If-Match) is checked in the same transaction: a parallel change of the account makes one of the two
 * fail serialization, and its retry sees the new version.
 */
async function changeAccount(
  db: Database,
  actor: Actor,
  id: string,
  change: AccountChange,
  apply: (tx: Transaction, target: UserAccess) => Promise<BusinessError | null>,
  expected?: ExpectedVersion,
): Promise<Result<UserSummary>> {
  const changed = await uniqueAccount(() =>
    commitWhatever(
      db,
      async (tx): Promise<Result<UserSummary>> => {
        const target = await changeableTarget(tx, actor, id);
        if (!target.ok) return target;
        const version = expected === undefined ? null : await storedVersion(tx, users, id);
        if (version !== null && !acceptsVersion(expected, version)) return fail(staleVersion(version));
        const refused = await apply(tx, target.value);
        if (refused) return fail(refused);
        return ok((await findUserSummary(tx, id)) as UserSummary);
      },
      { serializable: true },
    ),
  );
  return auditedRefusal(db, actor, change, id, changed);
}

/** Guards a change that takes a user's access away: never one's own, never the last super-admin. */
async function mayRemoveAccess(tx: Executor, actor: Actor, target: UserAccess): Promise<BusinessError | null> {
  if (target.id === actor.id) return UserErrors.cannotModifySelf;
  if (isSuperUser(target) && !(await anotherSuperUserRemains(tx, target.id))) return UserErrors.lastSuperAdmin;
  return null;
}

/** Profile fields apply at once; a new email waits for its confirmation (`requestEmailChange`). */
export async function updateUser(
  ctx: UsersContext,
  id: string,
  input: UpdateUserInput,
  expected?: ExpectedVersion,
): Promise<Result<UserSummary>> {
  const { actor } = ctx;
  return changeAccount(
    ctx.db,
    actor,
    id,
    input.isActive ? "update" : "deactivate",
    async (tx, target) => {
      const deactivating = target.isActive && !input.isActive;
      if (deactivating) {
        const refused = await mayRemoveAccess(tx, actor, target);
        if (refused) return refused;
      }
      const changesEmail = !sameAddress(input.email, target.email);
      if (changesEmail) {
        const refused = await requestEmailChange(tx, ctx.config, actor.id, target, input.email);
        if (refused) return refused;
      }
      const applied = { ...input, email: changesEmail ? target.email : input.email };
      await tx
        .update(users)
        .set({ ...applied, updatedAt: new Date(), version: nextVersion(users.version) })
        .where(eq(users.id, id));
      if (deactivating) await endAllSessions(tx, id);
      await recordAudit(tx, {
        action: deactivating ? "users.deactivated" : "users.updated",
        severity: deactivating ? "Warning" : "Info",
        actorId: actor.id,
        entity: "user",
        entityId: id,
        data: { before: { email: target.email, username: target.username, isActive: target.isActive }, after: applied },
      });
      return null;
    },
    expected,
  );
}

/** DELETE keeps the account (its history stays attributable) and deactivates it. */
export async function deactivateUser(
  ctx: UsersContext,
  id: string,
  expected?: ExpectedVersion,
): Promise<Result<UserSummary>> {
  const current = await findUserSummary(ctx.db, id);
  if (!current) return fail(UserErrors.notFound);
  const { email, username, firstName, lastName } = current;
  return updateUser(ctx, id, { email, username, firstName, lastName, isActive: false }, expected);
}

export function assignRoles(
  { db, actor }: UsersContext,
  id: string,
  roleNames: readonly string[],
): Promise<Result<UserSummary>> {
  return changeAccount(db, actor, id, "assign_roles", async (tx, target) => {
    if (target.id === actor.id) return UserErrors.cannotModifySelf;
    if (await isUnconfirmedSignUp(tx, id)) return UserErrors.unconfirmedSignUp;
    const granted = await grantableRoles(tx, actor, roleNames, target.permissions);
    if (!granted.ok) return granted.error;
    const keepsWildcard = granted.value.some((role) => role.permissions.includes(WILDCARD));
    if (isSuperUser(target) && !keepsWildcard && !(await anotherSuperUserRemains(tx, id)))
      return UserErrors.lastSuperAdmin;
    await tx.delete(userRoles).where(eq(userRoles.userId, id));
    // The roles are part of the account as the API shows it, so changing them is a new version of it.
    await tx
      .update(users)
      .set({ updatedAt: new Date(), version: nextVersion(users.version) })
      .where(eq(users.id, id));
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
export function blacklistUser({ db, actor }: UsersContext, id: string, reason: string): Promise<Result<UserSummary>> {
  return changeAccount(db, actor, id, "blacklist", async (tx, target) => {
    const refused = await mayRemoveAccess(tx, actor, target);
    if (refused) return refused;
    await tx
      .update(users)
      .set({
        blacklistedAt: new Date(),
        blacklistReason: reason,
        updatedAt: new Date(),
        version: nextVersion(users.version),
      })
      .where(eq(users.id, id));
    await endAllSessions(tx, id);
    await recordAudit(tx, {
      action: "users.blacklisted",
      severity: "Warning",
      actorId: actor.id,
      entity: "user",
      entityId: id,
      data: { reason },
    });
    return null;
  });
}

export function liftBlacklist({ db, actor }: UsersContext, id: string): Promise<Result<UserSummary>> {
  return changeAccount(db, actor, id, "lift_blacklist", async (tx) => {
    await tx
      .update(users)
      .set({ blacklistedAt: null, blacklistReason: null, updatedAt: new Date(), version: nextVersion(users.version) })
      .where(eq(users.id, id));
    await recordAudit(tx, {
      action: "users.blacklist_lifted",
      severity: "Warning",
      actorId: actor.id,
      entity: "user",
      entityId: id,
    });
    return null;
  });
}
