import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { platformSettings } from "@/lib/platform/db/schema";
import { afterCommit, commitWhatever } from "@/lib/platform/db/transaction";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { ServiceContext } from "@/lib/services/context";
import {
  type ClubLocale,
  currencyField,
  forgetClubSettings,
  languageField,
  timeZoneField,
} from "@/lib/settings/club-settings";
import type { PlatformSettings } from "@/lib/settings/platform-settings";
import { clubDescriptionField, clubNameField } from "./settings-schema";
import { setupRefusal } from "./setup-code";

/** Spec 4.2's fields, and beside them the club's language, time zone and currency (else English and the env's defaults). */
export const platformSettingsSchema = z.object({
  platformName: clubNameField,
  platformDescription: clubDescriptionField.optional(),
  language: languageField.optional(),
  timeZone: timeZoneField.optional(),
  currency: currencyField.optional(),
});
export type PlatformSettingsInput = z.output<typeof platformSettingsSchema>;

/** Spec 4.2: stores (or replaces) the platform configuration while no user exists, for the holder of the setup code. */
export async function configurePlatform(
  { db, config }: Pick<ServiceContext, "db" | "config">,
  input: PlatformSettingsInput,
  setupCode: string | null,
): Promise<Result<PlatformSettings & ClubLocale>> {
  return commitWhatever(
    db,
    async (tx) => {
      const refusal = await setupRefusal(tx, config, setupCode);
      if (refusal) return fail(refusal);
      const values = {
        platformName: input.platformName,
        platformDescription: input.platformDescription || null,
        language: input.language ?? "en",
        timeZone: input.timeZone ?? config.CLUB_TIMEZONE,
        currency: input.currency ?? config.CURRENCY,
      };
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
      afterCommit(tx, () => forgetClubSettings(db));
      return ok(values);
    },
    { serializable: true },
  );
}
