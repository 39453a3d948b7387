import { sql } from "drizzle-orm";
import { check, date, index, pgEnum, pgSequence, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, timestamptz, updatedAt } from "./columns";
import { members } from "./members";

export const sepaSequence = pgEnum("sepa_sequence", ["first", "recurring"]);
export const sepaMandateStatus = pgEnum("sepa_mandate_status", ["active", "revoked"]);

/** Numbers the mandate references ClubOps gives (`MNDT-00000042`): one counter for the club, so never two alike. */
export const sepaMandateReferenceNumbers = pgSequence("sepa_mandate_reference_numbers");

/**
 * A member's SEPA Core direct debit mandate (lib/billing/mandates.ts). Kept after revocation: a member may dispute an
 * unauthorised collection for 13 months, and the creditor must then show the mandate; returns name it too.
 */
export const sepaMandates = pgTable(
  "sepa_mandates",
  {
    id: id(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id),
    /** Normalised: capitals, no spaces (`ES9121000418450200051332`). */
    iban: text("iban").notNull(),
    bic: text("bic"),
    reference: text("reference")
      .notNull()
      .default(sql`('MNDT-' || lpad(nextval('sepa_mandate_reference_numbers')::text, 8, '0'))`),
    signedOn: date("signed_on").notNull(),
    /** `first` until a collection under it is confirmed, then `recurring` (FRST/RCUR in the bank file). */
    sequence: sepaSequence("sequence").notNull().default("first"),
    status: sepaMandateStatus("status").notNull().default("active"),
    /**
     * A pending amendment (lib/billing/mandates.ts, amendMandate): the account the bank last collected under, kept until
     * a debit carrying the amendment is collected (migration 0036). Null: no amendment to announce.
     */
    originalIban: text("original_iban"),
    originalBic: text("original_bic"),
    amendedAt: timestamptz("amended_at"),
    revokedAt: timestamptz("revoked_at"),
    revokedBy: uuid("revoked_by").references(() => users.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sepa_mandates_reference_key").on(t.reference),
    // One mandate a member's invoices are collected under: a second active one is refused, also between two requests.
    uniqueIndex("sepa_mandates_one_active").on(t.memberId).where(sql`${t.status} = 'active'`),
    index("sepa_mandates_member_idx").on(t.memberId, t.createdAt),
    check("sepa_mandates_iban_normalised", sql`${t.iban} ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$'`),
    check("sepa_mandates_bic_normalised", sql`${t.bic} ~ '^[A-Z0-9]{8}([A-Z0-9]{3})?$'`),
    check("sepa_mandates_reference_length", sql`char_length(${t.reference}) between 1 and 35`),
    check("sepa_mandates_amended_when", sql`(${t.originalIban} is null) = (${t.amendedAt} is null)`),
    check("sepa_mandates_revoked_when", sql`(${t.status} = 'revoked') = (${t.revokedAt} is not null)`),
  ],
);
