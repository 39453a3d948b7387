import { recordAudit } from "@/lib/audit/record";
import { fail, invalidFields, ok, type Result } from "@/lib/platform/result";
import { findUserById } from "@/lib/users/repository";
import type { Principal } from "./authenticate";
import type { AuthContext } from "./context";
import { checkNewPassword, replacePassword } from "./credentials";
import { AuthErrors } from "./errors";
import { hashPassword, verifyPassword } from "./password";
import { startSession, type Session } from "./session";

export type PasswordChange = { currentPassword: string; newPassword: string };

/**
 * The signed-in user replaces their password (also the forced step when mustChangePassword is set).
 * Every other session ends; the caller gets a fresh one so they stay signed in.
 */
export async function changePassword(
  ctx: AuthContext,
  principal: Principal,
  change: PasswordChange,
  userAgent: string | null,
): Promise<Result<Session>> {
  const user = await findUserById(ctx.database.db, principal.id);
  if (!user) return fail(AuthErrors.tokenRevoked);
  if (!(await verifyPassword(change.currentPassword, user.passwordHash)).valid) return fail(AuthErrors.invalidCurrentPassword);
  if (change.newPassword === change.currentPassword) {
    return fail(invalidFields({ newPassword: ["Choose a password different from the current one."] }));
  }
  const weak = await checkNewPassword(ctx.database.db, change.newPassword, user, "newPassword");
  if (weak) return fail(weak);

  const passwordHash = await hashPassword(change.newPassword);
  const session = await ctx.database.db.transaction(async (tx) => {
    const sessionVersion = await replacePassword(tx, user.id, passwordHash);
    await recordAudit(tx, { action: "auth.password_changed", severity: "Info", actorId: user.id, entity: "user", entityId: user.id });
    return startSession(ctx, tx, { ...principal, mustChangePassword: false, sessionVersion }, { userAgent });
  });
  return ok(session);
}
