import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "@/lib/platform/db";
import { platformSettings } from "@/lib/platform/db/schema";

/**
 * When the club collects its direct debits (docs/billing.md, Direct-debit members): the day of the month it collects
 * (an invoice of a member with an active mandate is due on the first collection day on or after its term starts, so
 * nobody is chased before the bank was asked), and how long a returned debit waits before the next remittance presents
 * it again (null: only when staff choose it).
 */
export const directDebitSettingsSchema = z
  .object({
    collectionDay: z
      .number()
      .int("Use a whole day of the month.")
      .min(1, "Use a day from 1 to 28.")
      .max(28, "Use a day from 1 to 28: every month has it.")
      .nullable()
      .meta({
        description:
          "The day of the month the club collects direct debits (1–28); a mandate member's invoice is due on the first such day, moved to a TARGET2 business day, on or after its term starts. null: due when the term starts.",
        examples: [5],
      }),
    representAfterDays: z
      .number()
      .int("Use whole days.")
      .min(0, "Use 0 or more days.")
      .max(60, "Use at most 60 days.")
      .nullable()
      .meta({
        description:
          "Days after a debit's return before the next remittance presents it again on its own (0: at once); null: a returned debit is collected again only when staff choose it.",
        examples: [7],
      }),
  })
  .meta({ id: "DirectDebitSettings" });

export type DirectDebitSettings = z.output<typeof directDebitSettingsSchema>;

const columns = {
  collectionDay: platformSettings.collectionDay,
  representAfterDays: platformSettings.representAfterDays,
};

/** The defaults of migration 0034: due when the term starts, returned debits presented again at once (as before). */
const DEFAULT_DIRECT_DEBIT: DirectDebitSettings = { collectionDay: null, representAfterDays: 0 };

export async function readDirectDebitSettings(executor: Executor): Promise<DirectDebitSettings> {
  const [stored] = await executor.select(columns).from(platformSettings);
  return stored ?? DEFAULT_DIRECT_DEBIT;
}

export async function storeDirectDebitSettings(executor: Executor, input: DirectDebitSettings): Promise<void> {
  await executor.update(platformSettings).set(input).where(eq(platformSettings.id, 1));
}
