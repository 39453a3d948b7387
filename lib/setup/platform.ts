import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { platformSettings } from "@/lib/platform/db/schema";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { ServiceContext } from "@/lib/services/context";
import type { PlatformSettings } from "@/lib/settings/platform-settings";
import { getSetupStatus } from "@/lib/settings/setup-status";
import { SetupErrors } from "./errors";

export const platformSettingsSchema = z.object({
  platformName: z.string().trim().min(1, "Required.").max(100, "Use at most 100 characters."),
  platformDescription: z.string().trim().max(500, "Use at most 500 characters.").optional(),
});
export type PlatformSettingsInput = z.output<typeof platformSettingsSchema>;

/** Spec 4.2: stores (or replaces) the platform configuration while no user exists. */
export async function configurePlatform(
  { db }: Pick<ServiceContext, "db">,
  input: PlatformSettingsInput,
): Promise<Result<PlatformSettings>> {
  return commitWhatever(
    db,
    async (tx) => {
      if ((await getSetupStatus(tx)) === "complete") return fail(SetupErrors.alreadyCompleted);
      const values = { platformName: input.platformName, platformDescription: input.platformDescription || null };
      await tx
        .insert(platformSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: platformSettings.id, set: { ...values, updatedAt: new Date() } });
      await recordAudit(tx, {
        action: "setup.platform_configured",
        severity: "Info",
        entity: "platform",
        entityId: "1",
        data: values,
      });
      return ok(values);
    },
    { serializable: true },
  );
}
