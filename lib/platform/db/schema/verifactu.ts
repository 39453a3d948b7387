import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { invoices } from "./billing";
import { createdAt } from "./columns";

/**
 * The registros de facturación (lib/billing/verifactu): one alta per issued invoice, generated in the issuing
 * transaction and chained per issuer NIF in `chain_position` order, each with the huella of the one before it.
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("verifactu_records_invoice_key").on(t.invoiceId),
    // The chain's head per issuer: its last record.
    index("verifactu_records_issuer_idx").on(t.issuerTaxId, t.chainPosition),
    check("verifactu_records_type_known", sql`${t.invoiceType} in ('F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5')`),
    check("verifactu_records_huella_format", sql`${t.huella} ~ '^[0-9A-F]{64}$'`),
  ],
);
