import { eq, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import {
  type DirectDebitSettings,
  readDirectDebitSettings,
  storeDirectDebitSettings,
} from "@/lib/billing/collections/direct-debit-settings";
import { type DunningSettings, readDunningSettings, storeDunningSettings } from "@/lib/billing/dunning/settings";
import { maskIban } from "@/lib/billing/sepa/identifiers";
import { type ClubTaxData, readClubTaxData, storeClubTaxData } from "@/lib/billing/tax-data";
import type { Executor, Transaction } from "@/lib/platform/db";
import { acceptsVersion, type ExpectedVersion, nextVersion, staleVersion } from "@/lib/platform/db/row-version";
import { plans, platformSettings, subscriptions } from "@/lib/platform/db/schema";
import { afterCommit, rollbackOnFailure } from "@/lib/platform/db/transaction";
import { fromCents } from "@/lib/platform/money";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { Acting, ServiceContext } from "@/lib/services/context";
import {
  type ClubDefaults,
  type ClubLocale,
  clubSettingsOf,
  forgetClubSettings,
  storedClubSettings,
} from "@/lib/settings/club-settings";
import { SettingsErrors } from "./settings-errors";
import type { SettingsInput } from "./settings-schema";

/** The club's settings as GET and PUT /api/settings answer them: one record, versioned like the others. */
export type Settings = ClubLocale & {
  clubName: string;
  description: string | null;
  /** The SEPA creditor identifier the club's direct debits are collected under (docs/billing.md). */
  creditorIdentifier: string | null;
  /** The account the club's direct debits are paid into (docs/billing.md, Remittances). */
  collectionIban: string | null;
  collectionBic: string | null;
  /** The club as the issuer of its invoices (docs/billing.md). */
  taxData: ClubTaxData;
  /** Reminders and suspension for unpaid invoices (docs/billing.md, Dunning). */
  dunning: DunningSettings;
  /** When direct debits are collected and presented again (docs/billing.md, Direct-debit members). */
  directDebit: DirectDebitSettings;
  updatedAt: Date;
  version: number;
};

/** What the settings services use: the database, the env's defaults for what was never stored, and who acts. */
type SettingsContext = Pick<ServiceContext, "db" | "config">;

async function readSettings(executor: Executor, defaults: ClubDefaults, lock = false): Promise<Settings> {
  const query = executor
    .select({
      clubName: platformSettings.platformName,
      description: platformSettings.platformDescription,
      creditorIdentifier: platformSettings.creditorIdentifier,
      collectionIban: platformSettings.collectionIban,
      collectionBic: platformSettings.collectionBic,
      ...storedClubSettings,
      updatedAt: platformSettings.updatedAt,
      version: platformSettings.version,
    })
    .from(platformSettings);
  const [stored] = await (lock ? query.for("update") : query);
  // Signed-in callers only reach these: a user exists, so setup has stored the row.
  if (!stored) throw new Error("platform_settings has no row after setup");
  const { clubName, description, creditorIdentifier, collectionIban, collectionBic, updatedAt, version } = stored;
  const taxData = await readClubTaxData(executor);
  const dunning = await readDunningSettings(executor);
  const directDebit = await readDirectDebitSettings(executor);
  return {
    clubName,
    description,
    creditorIdentifier,
    collectionIban,
    collectionBic,
    ...clubSettingsOf(stored, defaults),
    taxData,
    dunning,
    directDebit,
    updatedAt,
    version,
  };
}

export function getSettings(ctx: SettingsContext): Promise<Settings> {
  return readSettings(ctx.db, ctx.config);
}

/**
 * Whether amounts are stored in the current currency, which then may not change: plans hold prices without one (they
 * are in the club's) and subscriptions captured it.
 */
export async function currencyInUse(executor: Executor): Promise<boolean> {
  const [[plan], [subscription]] = await Promise.all([
    executor.select({ id: plans.id }).from(plans).limit(1),
    executor.select({ id: subscriptions.id }).from(subscriptions).limit(1),
  ]);
  return Boolean(plan ?? subscription);
}

/** currencyInUse() under SHARE locks that hold back new plans and subscriptions until the transaction ends. */
async function currencyInUseLocked(tx: Transaction): Promise<boolean> {
  await tx.execute(sql`lock table ${plans}, ${subscriptions} in share mode`);
  return currencyInUse(tx);
}

/** The fields whose value changes, for the audit entry; an absent creditor identifier keeps the stored one. */
function changedFields(before: Settings, after: SettingsInput): string[] {
  const next: Record<string, unknown> = {
    ...after,
    description: after.description || null,
    creditorIdentifier: after.creditorIdentifier === undefined ? before.creditorIdentifier : after.creditorIdentifier,
    collectionIban: after.collectionIban === undefined ? before.collectionIban : after.collectionIban,
    collectionBic: after.collectionBic === undefined ? before.collectionBic : after.collectionBic,
  };
  const fields = [
    "clubName",
    "description",
    "language",
    "timeZone",
    "currency",
    "creditorIdentifier",
    "collectionIban",
    "collectionBic",
  ] as const;
  const changed: string[] = fields.filter((field) => before[field] !== next[field]);
  if (after.taxData && taxDataChanged(before.taxData, after.taxData)) changed.push("taxData");
  if (after.dunning && JSON.stringify(after.dunning) !== JSON.stringify(before.dunning)) changed.push("dunning");
  // Fields a PUT leaves out of directDebit are kept, so they are not a change.
  const directDebit = after.directDebit && { ...before.directDebit, ...stripUndefined(after.directDebit) };
  if (directDebit && JSON.stringify(directDebit) !== JSON.stringify(before.directDebit)) changed.push("directDebit");
  return changed;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}

function taxDataChanged(before: ClubTaxData, after: NonNullable<SettingsInput["taxData"]>): boolean {
  const { line, postalCode, city, province, country } = after.address;
  const address = { line, postalCode, city, province: province ?? null, country };
  return (
    before.legalName !== after.legalName ||
    before.taxId !== after.taxId ||
    JSON.stringify(before.address) !== JSON.stringify(address) ||
    before.defaultTaxRate !== readTaxRate(after.defaultTaxRate)
  );
}

const readTaxRate = (basisPoints: number) => fromCents(BigInt(basisPoints));

/**
 * Replaces the club's settings, and the club's tax data when sent (billing starts once it is complete). The currency changes only while no plan or subscription exists
 * (Settings.CurrencyInUse): their amounts would silently become another currency's. Instances other than this one see
 * the new language, zone and currency within the memo's 5 seconds (club-settings.ts).
 */
export function updateSettings(
  ctx: SettingsContext & Acting,
  input: SettingsInput,
  expected?: ExpectedVersion,
): Promise<Result<Settings>> {
  return rollbackOnFailure(ctx.db, async (tx) => {
    const before = await readSettings(tx, ctx.config, true);
    if (!acceptsVersion(expected, before.version)) return fail(staleVersion(before.version));
    if (input.currency !== before.currency && (await currencyInUseLocked(tx)))
      return fail(SettingsErrors.currencyInUse);
    const changed = changedFields(before, input);
    // Stored even when equal: an install older than these settings then stops following the env's defaults.
    await tx
      .update(platformSettings)
      .set({
        platformName: input.clubName,
        platformDescription: input.description || null,
        language: input.language,
        timeZone: input.timeZone,
        currency: input.currency,
        ...(input.creditorIdentifier !== undefined && { creditorIdentifier: input.creditorIdentifier }),
        ...(input.collectionIban !== undefined && { collectionIban: input.collectionIban }),
        ...(input.collectionBic !== undefined && { collectionBic: input.collectionBic }),
        ...(changed.length > 0 && { updatedAt: new Date(), version: nextVersion(platformSettings.version) }),
      })
      .where(eq(platformSettings.id, 1));
    if (input.taxData) await storeClubTaxData(tx, input.taxData);
    if (input.dunning) await storeDunningSettings(tx, input.dunning);
    if (input.directDebit) await storeDirectDebitSettings(tx, input.directDebit);
    if (changed.length > 0)
      await recordAudit(tx, {
        action: "settings.updated",
        severity: "Warning",
        actorId: ctx.actor.id,
        entity: "settings",
        entityId: "1",
        data: {
          changed,
          ...input,
          description: input.description || null,
          // The audit log is read by more people than the settings: the club's account shows masked there.
          ...(input.collectionIban && { collectionIban: maskIban(input.collectionIban) }),
        },
      });
    afterCommit(tx, () => forgetClubSettings(ctx.db));
    return ok(await readSettings(tx, ctx.config));
  });
}
