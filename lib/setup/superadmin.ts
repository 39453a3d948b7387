import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { NewAccount } from "@/lib/auth/account-schema";
import type { AuthContext } from "@/lib/auth/context";
import { checkNewPassword } from "@/lib/auth/credentials";
import { hashPassword } from "@/lib/auth/password";
import { type Session, startSession } from "@/lib/auth/session";
import { newUserValues } from "@/lib/auth/user-repository";
import { roles, userRoles, users } from "@/lib/platform/db/schema";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { fail, ok, type Result } from "@/lib/platform/result";
import { getPlatformSettings } from "@/lib/settings/platform-settings";
import { ensureSetupDefaults } from "./defaults";
import { SetupErrors } from "./errors";
import { setupRefusal } from "./setup-code";

/**
 * Spec 4.2: creates the first user, a SuperAdmin, and signs them in. SERIALIZABLE makes "no user
 * exists yet" and the insert one atomic step: of any number of parallel calls exactly one commits,
 * the others are retried, see the user and answer Setup.AlreadyCompleted.
 */
export async function createSuperAdmin(
  ctx: AuthContext,
  account: NewAccount,
  request: { userAgent: string | null; setupCode: string | null },
): Promise<Result<Session>> {
  // Hashing takes ~100 ms of CPU: do it once, outside the transaction and its retries.
  const passwordHash = await hashPassword(account.password);
  return commitWhatever(
    ctx.db,
    async (tx) => {
      const refusal = await setupRefusal(tx, ctx.config, request.setupCode);
      if (refusal) return fail(refusal);
      if (!(await getPlatformSettings(tx))) return fail(SetupErrors.platformNotConfigured);
      await ensureSetupDefaults(tx);
      const weak = await checkNewPassword(tx, account.password, account, "password");
      if (weak) return fail(weak);

      const [user] = await tx
        .insert(users)
        .values({ ...newUserValues(account, passwordHash), emailVerifiedAt: new Date(), lastLoginAt: new Date() })
        .returning({
          id: users.id,
          email: users.email,
          mustChangePassword: users.mustChangePassword,
          sessionVersion: users.sessionVersion,
        });
      if (!user) throw new Error("insert returned no user");
      const [superAdmin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, "SuperAdmin"));
      if (!superAdmin) throw new Error("SuperAdmin role missing after ensureSetupDefaults");
      await tx.insert(userRoles).values({ userId: user.id, roleId: superAdmin.id });
      await recordAudit(tx, {
        action: "setup.superadmin_created",
        severity: "Warning",
        actorId: user.id,
        entity: "user",
        entityId: user.id,
        data: { email: account.email, username: account.username },
      });
      return ok(await startSession(ctx, tx, { ...user, roles: ["SuperAdmin"] }, { userAgent: request.userAgent }));
    },
    { serializable: true },
  );
}
