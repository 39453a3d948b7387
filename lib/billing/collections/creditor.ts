import type { Executor } from "@/lib/platform/db";
import { platformSettings } from "@/lib/platform/db/schema";

/** Who collects: the club's legal name (its club name until tax data is set), creditor identifier and account. */
export type Creditor = { name: string; identifier: string; iban: string; bic: string | null };

/** The club as the creditor of its direct debits, or null while its identifier or IBAN is not set. */
export async function creditorOf(executor: Executor): Promise<Creditor | null> {
  const [settings] = await executor
    .select({
      legalName: platformSettings.legalName,
      clubName: platformSettings.platformName,
      identifier: platformSettings.creditorIdentifier,
      iban: platformSettings.collectionIban,
      bic: platformSettings.collectionBic,
    })
    .from(platformSettings);
  if (!settings?.identifier || !settings.iban) return null;
  return {
    name: settings.legalName ?? settings.clubName,
    identifier: settings.identifier,
    iban: settings.iban,
    bic: settings.bic,
  };
}
