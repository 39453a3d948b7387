import { and, eq } from "drizzle-orm";
import { AuthErrors } from "@/lib/auth/errors";
import { unusablePasswordHash } from "@/lib/auth/password";
import type { Employee } from "@/lib/employees/repository";
import { insertEmployee } from "@/lib/employees/service";
import { users } from "@/lib/platform/db/schema";
import { rollbackOnFailure } from "@/lib/platform/db/transaction";
import { fail, ok, type Result } from "@/lib/platform/result";
import { allows } from "@/lib/roles/permissions";
import type { Acting, ServiceContext } from "@/lib/services/context";
import { auditedRefusal, changeableTarget, grantableRoles, insertAccount } from "@/lib/users/admin";
import { findUserSummary, type UserSummary } from "@/lib/users/summaries";
import { uniqueAccount } from "@/lib/users/unique-account";
import { StaffErrors } from "./errors";
import { type Invitation, invitationPending, sendInvitation } from "./invitation";
import type { AddStaffMemberInput } from "./schemas";
import { freeUsernameFor } from "./username";

/** What adding staff needs: the database, where the invitation link points, and who acts. */
export type StaffContext = Pick<ServiceContext, "db" | "config" | "now" | "club"> & Acting;

export type StaffMember = { user: UserSummary; employee: Employee; invitation: Invitation };

/**
 * "Add staff member" in one step: the account with its roles, its employee record and an emailed invitation to choose
 * a password, in ONE transaction: any refusal (a taken email, an unknown holiday list) leaves nothing behind. The
 * caller needs what each part needs on its own: users:write (the route) and employees:write (here), and may grant
 * only roles whose permissions they hold.
 */
export async function addStaffMember(ctx: StaffContext, input: AddStaffMemberInput): Promise<Result<StaffMember>> {
  const { db, actor } = ctx;
  if (!allows(actor.permissions, "employees:write")) return fail(AuthErrors.forbidden);
  const granted = await auditedRefusal(db, actor, "create", null, await grantableRoles(db, actor, input.roles));
  if (!granted.ok) return granted;
  const username = input.username ?? (await freeUsernameFor(db, input.email));
  // Nobody knows this password: the account signs in only once its owner has chosen one from the invitation.
  const unusablePassword = await unusablePasswordHash();
  const account = { ...input, username };
  return uniqueAccount(() =>
    rollbackOnFailure(db, async (tx) => {
      const userId = await insertAccount(tx, actor, account, unusablePassword, granted.value, {
        mustChangePassword: false,
        emailVerifiedAt: null,
      });
      const employee = await insertEmployee(tx, ctx, { ...input.employee, userId });
      if (!employee.ok) return employee;
      const invitation = await sendInvitation(
        tx,
        ctx,
        { id: userId, ...account },
        {
          action: "staff.invited",
          data: { roles: granted.value.map((role) => role.name), employeeId: employee.value.id },
        },
      );
      const user = (await findUserSummary(tx, userId)) as UserSummary;
      return ok({ user, employee: employee.value, invitation });
    }),
  );
}

/**
 * Emails a new invitation to someone who has not accepted theirs yet; the earlier link stops working. Like any account
 * change, only for an account whose permissions the caller holds all of.
 */
export async function resendInvitation(ctx: StaffContext, userId: string): Promise<Result<Invitation>> {
  const { db, actor } = ctx;
  const sent = await rollbackOnFailure(db, async (tx): Promise<Result<Invitation>> => {
    const target = await changeableTarget(tx, actor, userId);
    if (!target.ok) return target;
    const [pending] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.id, userId), invitationPending))
      .for("update");
    if (!pending) return fail(StaffErrors.noPendingInvitation);
    return ok(await sendInvitation(tx, ctx, pending, { action: "staff.invitation_resent" }));
  });
  return auditedRefusal(db, actor, "invite", userId, sent);
}
