import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "@/lib/platform/db";
import { platformSettings } from "@/lib/platform/db/schema";

/** A number of days after an invoice's due date, as the dunning settings count them. */
const days = z.number().int("Use whole days.").min(1, "Use at least 1 day.").max(365, "Use at most 365 days.");

/**
 * How the club chases unpaid invoices (docs/billing.md, Dunning): reminders this many days after the due date, and
 * suspension once an invoice is overdue more than the grace days. The reminder days are kept sorted and unique.
 */
export const dunningSettingsSchema = z
  .object({
    enabled: z.boolean().meta({ description: "Whether the daily process-dunning job reminds and suspends." }),
    reminderDays: z
      .array(days)
      .max(10, "Use at most 10 reminders.")
      .transform((list) => [...new Set(list)].sort((a, b) => a - b))
      .meta({
        description:
          "Days after the due date on which an overdue invoice's member is reminded; the last reminder warns of suspension.",
        examples: [[1, 4, 11]],
      }),
    graceDays: days.meta({
      description: "A member is suspended once one of their invoices is overdue more than this many days.",
      examples: [15],
    }),
  })
  .meta({ id: "DunningSettings" });

export type DunningSettings = z.output<typeof dunningSettingsSchema>;

const dunningColumns = {
  enabled: platformSettings.dunningEnabled,
  reminderDays: platformSettings.dunningReminderDays,
  graceDays: platformSettings.dunningGraceDays,
};

/** The defaults of migration 0026, for an installation whose setup has not stored its settings row yet. */
const DEFAULT_DUNNING: DunningSettings = { enabled: true, reminderDays: [1, 4, 11], graceDays: 15 };

export async function readDunningSettings(executor: Executor): Promise<DunningSettings> {
  const [stored] = await executor.select(dunningColumns).from(platformSettings);
  return stored ?? DEFAULT_DUNNING;
}

export async function storeDunningSettings(executor: Executor, input: DunningSettings): Promise<void> {
  await executor
    .update(platformSettings)
    .set({ dunningEnabled: input.enabled, dunningReminderDays: input.reminderDays, dunningGraceDays: input.graceDays })
    .where(eq(platformSettings.id, 1));
}
