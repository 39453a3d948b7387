import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { invoices } from "./billing";
import { createdAt, id, timestamptz } from "./columns";
import { mailOutbox } from "./mail";
import { members } from "./members";
import { sepaMandates } from "./sepa";

/** `credit`: money the member already had with the club (an invoice paid and then credited) moved onto another of their
 * invoices by lib/billing/member-credit.ts, never entered by staff. */
export const paymentMethod = pgEnum("payment_method", ["cash", "card", "bank_transfer", "direct_debit", "credit"]);
export const paymentKind = pgEnum("payment_kind", ["payment", "refund"]);

/**
 * Money received for an invoice or given back (lib/billing/payments.ts). Append-only: a mistake is undone by a refund,
 * so the rows always add up to the invoice's `paid_cents` (payments minus refunds).
 */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: id(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    kind: paymentKind("kind").notNull(),
    /** Always positive; `kind` says which way the money went. */
    amountCents: bigint("amount_cents", { mode: "bigint" }).notNull(),
    method: paymentMethod("method").notNull(),
    paidOn: date("paid_on").notNull(),
    reference: text("reference"),
    recordedBy: uuid("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("invoice_payments_invoice_idx").on(t.invoiceId, t.createdAt),
    // The revenue report sums a period's movements by the day they moved (lib/billing/report/revenue.ts).
    index("invoice_payments_paid_on_idx").on(t.paidOn),
    check("invoice_payments_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

export const remittanceStatus = pgEnum("remittance_status", ["draft", "sent"]);
export const remittanceItemStatus = pgEnum("remittance_item_status", ["included", "returned", "collected"]);
export const debitSequence = pgEnum("debit_sequence", ["FRST", "RCUR"]);

/**
 * A SEPA direct debit remittance (lib/billing/collections/remittances.ts): the invoices collected on one date, built as a
 * draft, then sent (its bank file handed to the bank). Totals are kept so lists need no sum.
 */
export const remittances = pgTable(
  "remittances",
  {
    id: id(),
    collectionDate: date("collection_date").notNull(),
    status: remittanceStatus("status").notNull().default("draft"),
    /** The bank file's MsgId: unique per creditor, at most 35 characters. */
    messageId: text("message_id").notNull(),
    itemCount: integer("item_count").notNull(),
    totalCents: bigint("total_cents", { mode: "bigint" }).notNull(),
    /** The settings it was built under (migration 0036): its file is written the same way at every download. */
    fileVersion: text("file_version").notNull().default("pain.008.001.02"),
    batchBooking: boolean("batch_booking").notNull().default(true),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    sentAt: timestamptz("sent_at"),
    sentBy: uuid("sent_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("remittances_message_id_key").on(t.messageId),
    index("remittances_created_idx").on(t.createdAt),
    check("remittances_sent_when", sql`(${t.status} = 'sent') = (${t.sentAt} is not null)`),
    check("remittances_file_version", sql`${t.fileVersion} in ('pain.008.001.02', 'pain.008.001.08')`),
  ],
);

/** One debit of a remittance: an invoice, the mandate it is collected under, and what became of it. */
export const remittanceItems = pgTable(
  "remittance_items",
  {
    remittanceId: uuid("remittance_id")
      .notNull()
      .references(() => remittances.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    mandateId: uuid("mandate_id")
      .notNull()
      .references(() => sepaMandates.id, { onDelete: "restrict" }),
    amountCents: bigint("amount_cents", { mode: "bigint" }).notNull(),
    sequence: debitSequence("sequence").notNull(),
    /** The invoice number: banks return it in pain.002 and camt.054, which is how returns find their debit. */
    endToEndId: text("end_to_end_id").notNull(),
    /** The account debited, as the mandate had it when the remittance was built (migration 0036). */
    debtorIban: text("debtor_iban").notNull(),
    debtorBic: text("debtor_bic"),
    /** The account before a mandate amendment this debit carries to the bank (AmdmntInfDtls); null: none. */
    originalIban: text("original_iban"),
    originalBic: text("original_bic"),
    status: remittanceItemStatus("status").notNull().default("included"),
    returnReason: text("return_reason"),
    returnedAt: timestamptz("returned_at"),
  },
  (t) => [
    primaryKey({ name: "remittance_items_pkey", columns: [t.remittanceId, t.invoiceId] }),
    // An invoice is in at most one remittance at a time; once returned it may be collected again.
    uniqueIndex("remittance_items_invoice_once").on(t.invoiceId).where(sql`${t.status} <> 'returned'`),
    index("remittance_items_end_to_end_idx").on(t.endToEndId),
    check("remittance_items_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/**
 * The fee invoiced for a returned debit (lib/billing/collections/return-fees.ts): one per remittance item at most, which
 * the primary key makes true whoever imports the return and however often; the fee invoice is named once.
 */
export const returnFees = pgTable(
  "return_fees",
  {
    remittanceId: uuid("remittance_id").notNull(),
    invoiceId: uuid("invoice_id").notNull(),
    feeInvoiceId: uuid("fee_invoice_id")
      .notNull()
      .unique("return_fees_fee_invoice_key")
      .references(() => invoices.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "return_fees_pkey", columns: [t.remittanceId, t.invoiceId] }),
    foreignKey({
      name: "return_fees_remittance_item_fk",
      columns: [t.remittanceId, t.invoiceId],
      foreignColumns: [remittanceItems.remittanceId, remittanceItems.invoiceId],
    }).onDelete("restrict"),
  ],
);

/**
 * Members the dunning job suspended for non-payment (lib/billing/dunning), so that paying lifts only those suspensions,
 * never one by staff. A trigger (migration 0026) deletes the row when the member stops being suspended by any path.
 */
export const dunningSuspensions = pgTable("dunning_suspensions", {
  memberId: uuid("member_id")
    .primaryKey()
    .references(() => members.id, { onDelete: "cascade" }),
  /** The overdue invoice named in the suspension's reason. */
  invoiceId: uuid("invoice_id")
    .notNull()
    .references(() => invoices.id, { onDelete: "restrict" }),
  suspendedAt: timestamptz("suspended_at").notNull().defaultNow(),
});

/**
 * The pre-notification of a direct debit (lib/billing/collections/debit-notices.ts): the member was told, by the mail it
 * names, that this invoice's amount would be collected under this mandate on or after `collection_date`. A remittance
 * collects only invoices notified since their last return for a date on or before its own (collectable.ts).
 * `presentation` counts the invoice's debits returned before the notice (0: its first presentation), so a returned debit
 * needs a new notice. The last notice of a presentation (highest `revision`) stands while its mandate is the member's
 * active one and its amount covers what is owed; once the amount owed rises above it or the mandate is replaced, the
 * next run sends another, one revision up. The unique index keeps one notice per revision, also between two runs.
 */
export const debitNotices = pgTable(
  "debit_notices",
  {
    id: id(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    mandateId: uuid("mandate_id")
      .notNull()
      .references(() => sepaMandates.id, { onDelete: "restrict" }),
    presentation: integer("presentation").notNull(),
    /** 0 for a presentation's first notice; one more for each notice that replaced it. */
    revision: integer("revision").notNull().default(0),
    collectionDate: date("collection_date").notNull(),
    amountCents: bigint("amount_cents", { mode: "bigint" }).notNull(),
    notifiedAt: timestamptz("notified_at").notNull().defaultNow(),
    mailId: uuid("mail_id")
      .notNull()
      .references(() => mailOutbox.id, { onDelete: "restrict" }),
  },
  (t) => [
    uniqueIndex("debit_notices_revision_once").on(t.invoiceId, t.presentation, t.revision),
    check("debit_notices_amount_positive", sql`${t.amountCents} > 0`),
  ],
);
