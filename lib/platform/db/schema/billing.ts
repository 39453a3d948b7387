import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz } from "./columns";
import { files } from "./files";
import { members, subscriptions } from "./members";

const cents = (name: string) => bigint(name, { mode: "bigint" });

/**
 * An invoice, a rectifying invoice, or a substitution: the full invoice a member with a NIF asks for in place of a
 * simplified one already paid (F3, RD 1619/2012 art. 7.2; docs/billing.md, Substituting a simplified invoice), which
 * owes nothing itself: the money and the tax stay the simplified invoice's.
 */
export const invoiceKind = pgEnum("invoice_kind", ["invoice", "rectifying", "substitution"]);
/** docs/billing.md, Statuses: the only columns of an issued invoice that ever change are its state. */
export const invoiceStatus = pgEnum("invoice_status", [
  "open",
  "paid",
  "partially_paid",
  "overdue",
  "pending_collection",
  "returned",
  "written_off",
  "cancelled",
]);

/**
 * Issued invoices and rectifying invoices (lib/billing). Everything but the state columns (status, paid_cents,
 * credited_cents, status_changed_at, and pdf_file_id once from null) is refused an UPDATE by the trigger of migrations
 * 0021, 0025 and 0028, and no row is ever deleted: corrections are
 * rectifying invoices. `chain_position` orders the club's hash chain (record_hash covers previous_hash).
 */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    series: text("series").notNull(),
    year: smallint("year").notNull(),
    number: integer("number").notNull(),
    kind: invoiceKind("kind").notNull(),
    rectifiesInvoiceId: uuid("rectifies_invoice_id").references((): AnyPgColumn => invoices.id),
    rectificationReason: text("rectification_reason"),
    /** The simplified invoice a substitution replaces (kind substitution only); at most one each. */
    substitutesInvoiceId: uuid("substitutes_invoice_id").references((): AnyPgColumn => invoices.id),
    issuedAt: timestamptz("issued_at").notNull(),
    /** The club calendar date of issuedAt; its year is the numbering year. */
    issuedOn: date("issued_on").notNull(),
    dueOn: date("due_on").notNull(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "restrict" }),
    language: text("language").$type<"en" | "es">().notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    /** The club's and the member's tax data as they were at issue (lib/billing/parties.ts). */
    issuer: jsonb("issuer").notNull(),
    customer: jsonb("customer").notNull(),
    baseCents: cents("base_cents").notNull(),
    taxCents: cents("tax_cents").notNull(),
    totalCents: cents("total_cents").notNull(),
    chainPosition: bigint("chain_position", { mode: "number" }).notNull().unique("invoices_chain_position_key"),
    previousHash: text("previous_hash"),
    recordHash: text("record_hash").notNull(),
    status: invoiceStatus("status").notNull().default("open"),
    paidCents: cents("paid_cents").notNull().default(sql`0`),
    /** What its rectifying invoices credited (positive; 0 on a rectifying invoice), added by the statement that issues
     * each of them (lib/billing/issue.ts): what is owed is total − paid − credited (lib/billing/owed.ts). */
    creditedCents: cents("credited_cents").notNull().default(sql`0`),
    statusChangedAt: timestamptz("status_changed_at").notNull().defaultNow(),
    /** The stored PDF (club-documents), set once by the deliver-invoices job; restrict: an issued invoice's PDF stays. */
    pdfFileId: uuid("pdf_file_id").references(() => files.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("invoices_number_key").on(t.series, t.year, t.number),
    // The club's prefixes (lib/billing/series.ts); a rectifying invoice is in the club's rectifying series.
    check("invoices_series_format", sql`${t.series} ~ '^[A-Z0-9][A-Z0-9/-]{0,9}$'`),
    check("invoices_number_positive", sql`${t.number} > 0`),
    // Never more credited than the invoice's total; a rectifying invoice (negative total) credits nothing itself.
    check("invoices_credited_within_total", sql`${t.creditedCents} between 0 and greatest(${t.totalCents}, 0)`),
    check("invoices_totals_add_up", sql`${t.baseCents} + ${t.taxCents} = ${t.totalCents}`),
    check("invoices_rectifying_references", sql`(${t.kind} = 'rectifying') = (${t.rectifiesInvoiceId} is not null)`),
    // As text: the migration that adds the kind may not use the new value in the same transaction.
    check(
      "invoices_substitution_references",
      sql`(${t.kind}::text = 'substitution') = (${t.substitutesInvoiceId} is not null)`,
    ),
    index("invoices_status_idx").on(t.status, t.dueOn),
    index("invoices_member_idx").on(t.memberId, t.issuedOn),
    index("invoices_issued_on_idx").on(t.issuedOn),
    // A term has one live invoice, whoever issues it (a service, the renewal job, a re-run of it); one credited in
    // full (cancelled) can be reissued (lib/billing/reissue.ts).
    uniqueIndex("invoices_subscription_key")
      .on(t.subscriptionId)
      .where(sql`${t.kind} = 'invoice' and ${t.status} <> 'cancelled'`),
    // The deliver-invoices job's queue: issued invoices still without their PDF, in chain order.
    index("invoices_without_pdf_idx").on(t.chainPosition).where(sql`${t.pdfFileId} is null`),
    index("invoices_rectifies_idx").on(t.rectifiesInvoiceId).where(sql`${t.rectifiesInvoiceId} is not null`),
    // One substitution a simplified invoice: two requests racing get one invoice and one 409.
    uniqueIndex("invoices_substitutes_key")
      .on(t.substitutesInvoiceId)
      .where(sql`${t.substitutesInvoiceId} is not null`),
  ],
);

/** An invoice's lines, as immutable as the invoice (same trigger). Amounts are negative on credits. */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    position: smallint("position").notNull(),
    description: text("description").notNull(),
    /** The plan the line sold, for reports; not a foreign key: plans are never deleted, and a batch of renewals
     * would pay a lookup per line for nothing (the description says what was sold). */
    planId: uuid("plan_id"),
    serviceFrom: date("service_from").notNull(),
    serviceTo: date("service_to").notNull(),
    baseCents: cents("base_cents").notNull(),
    taxRateBasisPoints: integer("tax_rate_bp").notNull(),
    taxCents: cents("tax_cents").notNull(),
    totalCents: cents("total_cents").notNull(),
    exemptReason: text("exempt_reason"),
    /** The ground of a line outside IVA altogether (not subject, which is not exempt): a return fee is an indemnity,
     * not the price of a service (Ley 37/1992 art. 78.Tres.1º). Rate and tax 0; migration 0038. */
    notSubjectReason: text("not_subject_reason"),
  },
  (t) => [
    primaryKey({ name: "invoice_lines_pkey", columns: [t.invoiceId, t.position] }),
    check(
      "invoice_lines_not_subject_untaxed",
      sql`${t.notSubjectReason} is null or (${t.exemptReason} is null and ${t.taxRateBasisPoints} = 0 and ${t.taxCents} = 0)`,
    ),
    check("invoice_lines_totals_add_up", sql`${t.baseCents} + ${t.taxCents} = ${t.totalCents}`),
    check("invoice_lines_rate_range", sql`${t.taxRateBasisPoints} between 0 and 10000`),
  ],
);

/**
 * The last number given per series and calendar year. Issuing increments its row inside the issuing transaction,
 * which holds the row's lock until it ends: a rollback gives the number back, so numbers have no gap and no duplicate.
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    series: text("series").notNull(),
    year: smallint("year").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ name: "invoice_counters_pkey", columns: [t.series, t.year] })],
);

/** The head of the club's one invoice chain (id = 1): the last record's position and hash, locked by each issue. */
export const invoiceChainHead = pgTable(
  "invoice_chain_head",
  {
    id: smallint("id").primaryKey().default(1),
    position: bigint("position", { mode: "number" }).notNull(),
    lastHash: text("last_hash"),
  },
  (t) => [check("invoice_chain_head_singleton", sql`${t.id} = 1`)],
);
