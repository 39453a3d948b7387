import { sql } from "drizzle-orm";
import { bigint, boolean, check, integer, pgTable, smallint, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, version } from "./columns";

/** Singleton rows (id = 1): created by first-run setup. */
export const platformSettings = pgTable(
  "platform_settings",
  {
    id: smallint("id").primaryKey().default(1),
    platformName: text("platform_name").notNull(),
    platformDescription: text("platform_description"),
    /**
     * The club's language, time zone and currency (lib/settings/club-settings.ts). Null on an install set up before
     * they were settings: it then keeps the CLUB_TIMEZONE/CURRENCY it ran with (and English) until an admin saves them.
     */
    language: text("language"),
    timeZone: text("time_zone"),
    currency: text("currency"),
    /** The club's SEPA creditor identifier (AT-02), normalised; null until the club collects by direct debit. */
    creditorIdentifier: text("creditor_identifier"),
    /** The club's account its direct debits are paid into (normalised IBAN, optional BIC); null until set. */
    collectionIban: text("collection_iban"),
    collectionBic: text("collection_bic"),
    /** The club as the issuer of its invoices (lib/billing): billing starts once name, tax id and address are set. */
    legalName: text("legal_name"),
    taxId: text("tax_id"),
    addressLine: text("address_line"),
    postalCode: text("postal_code"),
    city: text("city"),
    province: text("province"),
    country: text("country").notNull().default("ES"),
    /** The IVA rate of plans that name none, in basis points (2100 = 21 %). */
    defaultTaxRateBasisPoints: integer("default_tax_rate_bp").notNull().default(2100),
    /** Dunning (lib/billing/dunning): whether the daily job reminds and suspends, its reminder days after the due date, and the grace before suspension. */
    dunningEnabled: boolean("dunning_enabled").notNull().default(true),
    dunningReminderDays: integer("dunning_reminder_days").array().notNull().default(sql`'{1,4,11}'::integer[]`),
    dunningGraceDays: integer("dunning_grace_days").notNull().default(15),
    /** Direct debits (lib/billing/collections/direct-debit-settings.ts): the day of the month the club collects (null:
     * invoices due when their term starts), and the days a returned debit waits before it is presented again (null:
     * only when staff choose it). */
    collectionDay: smallint("collection_day"),
    representAfterDays: smallint("represent_after_days").default(0),
    /** The prefixes of the club's invoice series (lib/billing/series.ts): invoices, and rectifying invoices in their own
     * series (RD 1619/2012 art. 6.1.a). The number shown is prefix, year, "-", six digits: "F2027-000154". */
    invoicePrefix: text("invoice_prefix").notNull().default("F"),
    rectifyingPrefix: text("rectifying_prefix").notNull().default("R"),
    /** The bank file's ISO 20022 version (pain.008.001.02 or .08) and whether each payment block asks for one booking
     * (BtchBookg) the club's next remittances are written with; each remittance keeps its own (migration 0036). */
    directDebitFileVersion: text("direct_debit_file_version").notNull().default("pain.008.001.02"),
    batchBooking: boolean("batch_booking").notNull().default(true),
    /** Days before a collection its debtor is told the amount and date (EPC SDD Core rulebook, pre-notification: 14
     * calendar days unless agreed otherwise in the mandate terms); lib/billing/collections/debit-notices.ts. */
    preNotificationDays: smallint("pre_notification_days").notNull().default(14),
    /** The fee a member is charged when their direct debit is returned, in cents (lib/billing/collections/return-fees.ts);
     * null: none (migration 0038). */
    returnFeeCents: bigint("return_fee_cents", { mode: "bigint" }),
    /** This installation's number in the VERI*FACTU records (SistemaInformatico/NumeroInstalacion), made once. */
    installationId: uuid("installation_id").notNull().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check("platform_settings_singleton", sql`${t.id} = 1`),
    check("platform_settings_language", sql`${t.language} in ('en', 'es')`),
    check("platform_settings_currency", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("platform_settings_country", sql`${t.country} ~ '^[A-Z]{2}$'`),
    check("platform_settings_tax_rate_range", sql`${t.defaultTaxRateBasisPoints} between 0 and 10000`),
    check("platform_settings_dunning_grace", sql`${t.dunningGraceDays} between 1 and 365`),
    check("platform_settings_collection_day", sql`${t.collectionDay} between 1 and 28`),
    check("platform_settings_represent_after", sql`${t.representAfterDays} between 0 and 60`),
    check("platform_settings_pre_notification_days", sql`${t.preNotificationDays} between 1 and 30`),
    check("platform_settings_invoice_prefix", sql`${t.invoicePrefix} ~ '^[A-Z0-9][A-Z0-9/-]{0,9}$'`),
    check("platform_settings_rectifying_prefix", sql`${t.rectifyingPrefix} ~ '^[A-Z0-9][A-Z0-9/-]{0,9}$'`),
    check("platform_settings_prefixes_differ", sql`${t.invoicePrefix} <> ${t.rectifyingPrefix}`),
    check("platform_settings_return_fee_positive", sql`${t.returnFeeCents} > 0`),
    check(
      "platform_settings_direct_debit_file_version",
      sql`${t.directDebitFileVersion} in ('pain.008.001.02', 'pain.008.001.08')`,
    ),
  ],
);

export const passwordPolicy = pgTable(
  "password_policy",
  {
    id: smallint("id").primaryKey().default(1),
    minLength: integer("min_length").notNull().default(12),
    /** Composition rules: off by default, as NIST SP 800-63B advises (they make passwords harder to remember, not to guess). */
    requireUppercase: boolean("require_uppercase").notNull().default(false),
    requireLowercase: boolean("require_lowercase").notNull().default(false),
    requireDigit: boolean("require_digit").notNull().default(false),
    requireSymbol: boolean("require_symbol").notNull().default(false),
    /** Password guesses admitted back to back per throttle key before each must wait (lib/auth/password-throttle.ts). */
    maxFailedAttempts: integer("max_failed_attempts").notNull().default(5),
    /** The longest wait between throttled guesses; the name predates throttling: nothing is locked any more. */
    lockoutMinutes: integer("lockout_minutes").notNull().default(15),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("password_policy_singleton", sql`${t.id} = 1`),
    check("password_policy_min_length", sql`${t.minLength} between 8 and 128`),
  ],
);
