import { asc, eq } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { invoices, members, remittanceItems, remittances, sepaMandates } from "@/lib/platform/db/schema";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { ServiceContext } from "@/lib/services/context";
import type { Customer } from "../parties";
import { normaliseIban } from "../sepa/identifiers";
import { buildDirectDebitFile } from "../sepa/pain008";
import type { Pain008Version, SepaDebit } from "../sepa/remittance";
import { validatePain008 } from "../sepa/validate";
import { creditorOf } from "./creditor";
import { CollectionErrors } from "./errors";

export type RemittanceFile = { fileName: string; xml: string };

/** What the member's bank statement shows beside the debit, in the invoice's language. */
const remittanceInformation = (language: string, number: string) =>
  `${language === "es" ? "Factura" : "Invoice"} ${number}`;

/**
 * The remittance's debits in one query: each item with its invoice's customer, the account and amendment it was built
 * with, and its mandate's reference and signature (which an amendment never changes).
 */
async function debitsOf(executor: Executor, remittanceId: string): Promise<SepaDebit[]> {
  const rows = await executor
    .select({
      endToEndId: remittanceItems.endToEndId,
      amountCents: remittanceItems.amountCents,
      sequence: remittanceItems.sequence,
      customer: invoices.customer,
      language: invoices.language,
      mandateReference: sepaMandates.reference,
      mandateSignedOn: sepaMandates.signedOn,
      debtorIban: remittanceItems.debtorIban,
      debtorBic: remittanceItems.debtorBic,
      originalIban: remittanceItems.originalIban,
      originalBic: remittanceItems.originalBic,
      // The member's address as it is now: the mandate's debtor, which an account outside the EEA must carry.
      address: {
        line: members.addressLine,
        postalCode: members.postalCode,
        city: members.city,
        country: members.country,
      },
    })
    .from(remittanceItems)
    .innerJoin(invoices, eq(invoices.id, remittanceItems.invoiceId))
    .innerJoin(sepaMandates, eq(sepaMandates.id, remittanceItems.mandateId))
    .innerJoin(members, eq(members.id, sepaMandates.memberId))
    .where(eq(remittanceItems.remittanceId, remittanceId))
    .orderBy(asc(remittanceItems.endToEndId));
  return rows.map(({ customer, language, address, originalIban, originalBic, ...row }) => ({
    ...row,
    amendment: originalIban ? { originalIban, originalBic } : null,
    debtorAddress:
      address.line && address.postalCode && address.city
        ? {
            line: address.line,
            postalCode: address.postalCode,
            city: address.city,
            // A record without a country lives where the account is.
            country: address.country ?? normaliseIban(row.debtorIban).slice(0, 2),
          }
        : null,
    debtorName: (customer as Customer).name,
    remittanceInformation: remittanceInformation(language, row.endToEndId),
  }));
}

/**
 * The remittance's bank file (pain.008.001.02 or .08 as it was built, lib/billing/sepa/pain008.ts), every debit it was
 * built with, returned ones included: a file is what was (or will be) handed to the bank, the same bytes each time it
 * is downloaded whatever the settings or mandates say since, and only once its version's XSD accepts it.
 */
export async function remittanceFile(ctx: Pick<ServiceContext, "db">, id: string): Promise<Result<RemittanceFile>> {
  const [remittance] = await ctx.db
    .select({
      messageId: remittances.messageId,
      collectionDate: remittances.collectionDate,
      createdAt: remittances.createdAt,
      fileVersion: remittances.fileVersion,
      batchBooking: remittances.batchBooking,
    })
    .from(remittances)
    .where(eq(remittances.id, id));
  if (!remittance) return fail(CollectionErrors.remittanceNotFound);
  const creditor = await creditorOf(ctx.db);
  if (!creditor) return fail(CollectionErrors.creditorNotConfigured);
  // The column's check constraint keeps it to the versions the builder writes.
  const version = remittance.fileVersion as Pain008Version;
  const xml = buildDirectDebitFile({ ...remittance, version, creditor, debits: await debitsOf(ctx.db, id) });
  // A file the schema refuses is refused whole by the bank: never hand one over (docs/billing.md, The bank file).
  const verdict = await validatePain008(xml, version);
  if (!verdict.valid) {
    const invalid = CollectionErrors.remittanceFileInvalid;
    return fail({ ...invalid, message: `${invalid.message} (${version}) ${verdict.errors.slice(0, 3).join(" ")}` });
  }
  return ok({ fileName: `remesa-${remittance.collectionDate}-${remittance.messageId.slice(0, 8)}.xml`, xml });
}
