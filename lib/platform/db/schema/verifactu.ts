import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { invoices } from "./billing";
import { createdAt, timestamptz } from "./columns";

/**
 * The registros de facturación (lib/billing/verifactu): one alta per issued invoice, generated in the issuing
 * transaction and chained per issuer NIF in `chain_position` order, each with the huella of the one before it; and a
 * corrected alta of the same invoice (a subsanación) for each record the AEAT rejected or accepted with errors and
 * staff sent again, chained at the end as any other record.
 * The record is kept as generated (its XML and the fields its huella covers, written as the XML writes them); the
 * trigger of migration 0030 refuses any UPDATE or DELETE.
 */
export const verifactuRecords = pgTable(
  "verifactu_records",
  {
    chainPosition: bigint("chain_position", { mode: "number" }).primaryKey(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    /** IDEmisorFactura, NumSerieFactura, FechaExpedicionFactura (dd-mm-yyyy), TipoFactura, CuotaTotal, ImporteTotal. */
    issuerTaxId: text("issuer_tax_id").notNull(),
    number: text("number").notNull(),
    issueDate: text("issue_date").notNull(),
    invoiceType: text("invoice_type").$type<"F1" | "F2" | "F3" | "R1" | "R2" | "R3" | "R4" | "R5">().notNull(),
    taxTotal: text("tax_total").notNull(),
    total: text("total").notNull(),
    /** FechaHoraHusoGenRegistro: "2026-12-01T10:20:30+01:00". */
    generatedAt: text("generated_at").notNull(),
    /** The previous record's huella in this issuer's chain; null on its first record. */
    previousHuella: text("previous_huella"),
    huella: text("huella").notNull(),
    /** The RegistroAlta element, as sent. */
    xml: text("xml").notNull(),
    /** What the invoice's tax QR code holds: the AEAT's check service for this invoice (lib/billing/verifactu/qr.ts). */
    qrUrl: text("qr_url").notNull(),
    /** Whether the installation sent its records to the AEAT when this one was generated: the invoice then says
     * "VERI*FACTU" beside its QR code. */
    verifactu: boolean("verifactu").notNull().default(false),
    /** Null on an invoice's first record. On a correction (Subsanacion S), its RechazoPrevio: X when the AEAT holds
     * no record of the invoice (every earlier one rejected), S when it holds one and the last correction was rejected,
     * N when it holds one and the last record was accepted with errors. */
    correction: text("correction").$type<"N" | "S" | "X">(),
    createdAt: createdAt(),
  },
  (t) => [
    // One first record an invoice; its corrections follow it, the last one the invoice's VERI*FACTU status.
    uniqueIndex("verifactu_records_invoice_key").on(t.invoiceId).where(sql`${t.correction} is null`),
    index("verifactu_records_invoice_idx").on(t.invoiceId, t.chainPosition),
    // The chain's head per issuer: its last record.
    index("verifactu_records_issuer_idx").on(t.issuerTaxId, t.chainPosition),
    check("verifactu_records_type_known", sql`${t.invoiceType} in ('F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5')`),
    check("verifactu_records_huella_format", sql`${t.huella} ~ '^[0-9A-F]{64}$'`),
    check("verifactu_records_correction_known", sql`${t.correction} in ('N', 'S', 'X')`),
  ],
);

/** docs/billing.md, VERI*FACTU: what the AEAT answered for a record, or that it is still to be sent. */
export const verifactuSubmissionStatus = pgEnum("verifactu_submission_status", [
  "pending",
  "accepted",
  "accepted_with_errors",
  "rejected",
]);

/**
 * The sending of each record to the AEAT (lib/billing/verifactu/submission.ts), one row per record, written pending
 * with it. The submission job claims due rows by moving next_attempt_at past a lease, sends them, and stores the
 * answer per record: the AEAT's status, its error code and text, and the CSV of the submission that carried it.
 */
export const verifactuSubmissions = pgTable(
  "verifactu_submissions",
  {
    chainPosition: bigint("chain_position", { mode: "number" })
      .primaryKey()
      .references(() => verifactuRecords.chainPosition, { onDelete: "restrict" }),
    status: verifactuSubmissionStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    /** The AEAT's code and text for a record accepted with errors or rejected; the last transport error while pending. */
    errorCode: integer("error_code"),
    error: text("error"),
    /** The Código Seguro de Verificación of the submission the AEAT accepted it in. */
    csv: text("csv"),
    answeredAt: timestamptz("answered_at"),
  },
  (t) => [index("verifactu_submissions_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`)],
);

/** When the AEAT lets the next submission go (its TiempoEsperaEnvio after the last one): one row, id 1. */
export const verifactuFlow = pgTable(
  "verifactu_flow",
  {
    id: smallint("id").primaryKey().default(1),
    nextSubmissionAt: timestamptz("next_submission_at").notNull(),
  },
  (t) => [check("verifactu_flow_singleton", sql`${t.id} = 1`)],
);
