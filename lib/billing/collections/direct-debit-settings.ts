import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "@/lib/platform/db";
import { platformSettings } from "@/lib/platform/db/schema";
import { fromCents, moneyField, toCents } from "@/lib/platform/money";
import { PAIN_008_VERSIONS } from "../sepa/remittance";

/**
 * When the club collects its direct debits (docs/billing.md, Direct-debit members): the day of the month it collects
 * (an invoice of a member with an active mandate is due on the first collection day on or after its term starts, so
 * nobody is chased before the bank was asked), how long a returned debit waits before the next remittance presents
 * it again (null: only when staff choose it), how many days ahead the debtor is told of a collection (the
 * pre-notification, debit-notices.ts), and how the bank file is written: its ISO 20022 version and whether each
 * payment block is booked as one sum (docs/billing.md, SEPA direct debit). A remittance keeps the last two as they were
 * when it was built. The return fee is what a member is invoiced when their debit comes back (return-fees.ts).
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
    fileVersion: z
      .enum(PAIN_008_VERSIONS, "Use pain.008.001.02 or pain.008.001.08.")
      .optional()
      .meta({
        description:
          "The ISO 20022 version of the bank file of the remittances built from now on: pain.008.001.02 (the Spanish banks' Cuaderno 19.14 XML, the default) or pain.008.001.08 (the EPC guidelines since the 2023 rulebooks). A remittance keeps the version it was built in. Absent: kept.",
        examples: ["pain.008.001.02"],
      }),
    preNotificationDays: z
      .number("Use a whole number of days from 1 to 30.")
      .int("Use a whole number of days from 1 to 30.")
      .min(1, "Use at least 1 day.")
      .max(30, "Use at most 30 days.")
      .optional()
      .meta({
        description:
          "Days before a collection its debtor is told the amount and date (the pre-notification): the period agreed in the mandate terms, 14 by the EPC SDD Core rulebook unless agreed otherwise. A mandate member's invoice is due no sooner than this many days after its issue, and a remittance collects only debits notified for its date or before. Absent: kept.",
        examples: [14],
      }),
    batchBooking: z
      .boolean("Use true or false.")
      .optional()
      .meta({
        description:
          "BtchBookg of each payment block of the remittances built from now on: true (the banks' default), the club's statement shows one entry per block; false, one per debit. Absent: kept.",
        examples: [true],
      }),
    returnFee: moneyField
      .refine((amount) => toCents(amount) > 0n, "Use an amount above 0.00, or null for no fee.")
      .nullable()
      .optional()
      .meta({
        description:
          "The fee invoiced to a member for each of their direct debits the bank returns (what the club's bank charges it), outside IVA as an indemnity; null: none. Absent: kept.",
        examples: ["3.00"],
      }),
  })
  .meta({ id: "DirectDebitSettings" });

type DirectDebitSettingsInput = z.output<typeof directDebitSettingsSchema>;
export type DirectDebitSettings = {
  [K in keyof DirectDebitSettingsInput]-?: Exclude<DirectDebitSettingsInput[K], undefined>;
};

const columns = {
  collectionDay: platformSettings.collectionDay,
  representAfterDays: platformSettings.representAfterDays,
  fileVersion: platformSettings.directDebitFileVersion,
  batchBooking: platformSettings.batchBooking,
  preNotificationDays: platformSettings.preNotificationDays,
  returnFeeCents: platformSettings.returnFeeCents,
};

/**
 * The defaults of migrations 0034, 0036, 0037 and 0038: due when the term starts, returned debits presented again at once,
 * pain.008.001.02 booked by block (as before), debtors told 14 days ahead (the rulebook's period).
 */
const DEFAULT_DIRECT_DEBIT: DirectDebitSettings = {
  collectionDay: null,
  representAfterDays: 0,
  fileVersion: "pain.008.001.02",
  batchBooking: true,
  preNotificationDays: 14,
  returnFee: null,
};

export async function readDirectDebitSettings(executor: Executor): Promise<DirectDebitSettings> {
  const [stored] = await executor.select(columns).from(platformSettings);
  if (!stored) return DEFAULT_DIRECT_DEBIT;
  const { returnFeeCents, ...rest } = stored;
  return {
    ...rest,
    // The column's check constraint keeps it to the versions the builder writes.
    fileVersion: stored.fileVersion as DirectDebitSettings["fileVersion"],
    returnFee: returnFeeCents === null ? null : fromCents(returnFeeCents),
  };
}

/** Stores what was given; a file version, batch booking, notice period or return fee left out (a client from before them) is kept. */
export async function storeDirectDebitSettings(executor: Executor, input: DirectDebitSettingsInput): Promise<void> {
  const { fileVersion, batchBooking, preNotificationDays, returnFee, ...rest } = input;
  await executor
    .update(platformSettings)
    .set({
      ...rest,
      ...(fileVersion !== undefined && { directDebitFileVersion: fileVersion }),
      ...(batchBooking !== undefined && { batchBooking }),
      ...(preNotificationDays !== undefined && { preNotificationDays }),
      ...(returnFee !== undefined && { returnFeeCents: returnFee === null ? null : toCents(returnFee) }),
    })
    .where(eq(platformSettings.id, 1));
}
