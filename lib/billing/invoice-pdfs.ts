import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor, Transaction } from "@/lib/platform/db";
import { invoiceLines, invoices, verifactuRecords } from "@/lib/platform/db/schema";
import { fail, ok, type Result } from "@/lib/platform/result";
import { BillingErrors } from "./errors";
import { type InvoicePdfRepository, invoicePdfName } from "./invoice-delivery";
import type { InvoiceDocument, InvoiceDocumentLine } from "./invoice-document";
import { invoiceNumber } from "./numbering";
import type { Customer, Issuer } from "./parties";
import { renderInvoicePdf } from "./pdf/render-invoice";
import { taxBreakdown } from "./tax";

const original = alias(invoices, "original");
const substituted = alias(invoices, "substituted");

/** Cents as the documents carry them; an invoice's amounts are far below 2^53 cents. */
const centsOf = (value: bigint) => Number(value);

async function findInvoicesWithoutPdf(executor: Executor, limit: number): Promise<string[]> {
  // The partial index invoices_without_pdf_idx (migration 0025) answers this in chain order.
  const rows = await executor
    .select({ id: invoices.id })
    .from(invoices)
    .where(isNull(invoices.pdfFileId))
    .orderBy(asc(invoices.chainPosition))
    .limit(limit);
  return rows.map((row) => row.id);
}

type LineRow = typeof invoiceLines.$inferSelect;

function documentLineOf(line: LineRow): InvoiceDocumentLine {
  return {
    description: line.description,
    serviceFrom: line.serviceFrom,
    serviceTo: line.serviceTo,
    baseCents: centsOf(line.baseCents),
    taxRateBasisPoints: line.taxRateBasisPoints,
    taxCents: centsOf(line.taxCents),
    totalCents: centsOf(line.totalCents),
    exemptReason: line.exemptReason,
    notSubjectReason: line.notSubjectReason,
  };
}

/** The invoices as their documents show them, in the order of `ids`: one query for the invoices, one for all lines. */
async function loadInvoiceDocuments(executor: Executor, ids: readonly string[]): Promise<InvoiceDocument[]> {
  if (ids.length === 0) return [];
  const [rows, lines] = await Promise.all([
    executor
      .select({
        invoice: invoices,
        original: {
          series: original.series,
          year: original.year,
          number: original.number,
          issuedOn: original.issuedOn,
        },
        substituted: {
          series: substituted.series,
          year: substituted.year,
          number: substituted.number,
          issuedOn: substituted.issuedOn,
        },
        qrUrl: verifactuRecords.qrUrl,
        invoiceType: verifactuRecords.invoiceType,
        verifactu: verifactuRecords.verifactu,
      })
      .from(invoices)
      .leftJoin(original, eq(original.id, invoices.rectifiesInvoiceId))
      .leftJoin(substituted, eq(substituted.id, invoices.substitutesInvoiceId))
      // The invoice as issued: its first record's QR code and legend (a corrected record changes neither).
      .leftJoin(verifactuRecords, and(eq(verifactuRecords.invoiceId, invoices.id), isNull(verifactuRecords.correction)))
      .where(inArray(invoices.id, [...ids])),
    executor
      .select()
      .from(invoiceLines)
      .where(inArray(invoiceLines.invoiceId, [...ids]))
      .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position)),
  ]);
  const linesOf = new Map<string, LineRow[]>();
  for (const line of lines) linesOf.set(line.invoiceId, [...(linesOf.get(line.invoiceId) ?? []), line]);
  const byId = new Map(
    rows.map(
      ({
        invoice,
        original: corrected,
        substituted: replaced,
        qrUrl,
        invoiceType,
        verifactu,
      }): [string, InvoiceDocument] => {
        const ownLines = linesOf.get(invoice.id) ?? [];
        return [
          invoice.id,
          {
            id: invoice.id,
            number: invoiceNumber(invoice.series, invoice.year, invoice.number),
            kind: invoice.kind,
            simplified: invoiceType === "F2" || invoiceType === "R5",
            issuedOn: invoice.issuedOn,
            dueOn: invoice.dueOn,
            rectifies: corrected
              ? {
                  number: invoiceNumber(corrected.series, corrected.year, corrected.number),
                  issuedOn: corrected.issuedOn,
                  reason: invoice.rectificationReason ?? "",
                }
              : null,
            substitutes: replaced
              ? { number: invoiceNumber(replaced.series, replaced.year, replaced.number), issuedOn: replaced.issuedOn }
              : null,
            language: invoice.language,
            currency: invoice.currency,
            issuer: invoice.issuer as Issuer,
            customer: invoice.customer as Customer,
            lines: ownLines.map(documentLineOf),
            taxBreakdown: taxBreakdown(ownLines).map((row) => ({
              taxRateBasisPoints: row.taxRateBasisPoints,
              exemptReason: row.exemptReason,
              notSubjectReason: row.notSubjectReason ?? null,
              baseCents: centsOf(row.baseCents),
              taxCents: centsOf(row.taxCents),
            })),
            baseCents: centsOf(invoice.baseCents),
            taxCents: centsOf(invoice.taxCents),
            totalCents: centsOf(invoice.totalCents),
            recordHash: invoice.recordHash,
            qrUrl,
            verifactu: verifactu ?? false,
          },
        ];
      },
    ),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Sets the PDF only where none is set (the trigger of migration 0025 allows exactly that change). */
async function markPdfStored(tx: Transaction, id: string, fileId: string): Promise<boolean> {
  const updated = await tx
    .update(invoices)
    .set({ pdfFileId: fileId })
    .where(and(eq(invoices.id, id), isNull(invoices.pdfFileId)))
    .returning({ id: invoices.id });
  return updated.length === 1;
}

/** The delivery job's view of the invoice tables. */
export const invoicePdfRepository: InvoicePdfRepository = {
  findInvoicesWithoutPdf,
  loadInvoiceDocuments,
  markPdfStored,
};

/** An invoice's PDF for download: the stored file once the delivery job has stored it, else rendered now (not stored). */
export type InvoicePdf = { stored: { fileId: string } } | { rendered: { fileName: string; content: Uint8Array } };

export async function getInvoicePdf(ctx: { db: Executor }, id: string): Promise<Result<InvoicePdf>> {
  const [invoice] = await ctx.db.select({ pdfFileId: invoices.pdfFileId }).from(invoices).where(eq(invoices.id, id));
  if (!invoice) return fail(BillingErrors.invoiceNotFound);
  if (invoice.pdfFileId) return ok({ stored: { fileId: invoice.pdfFileId } });
  const [document] = await loadInvoiceDocuments(ctx.db, [id]);
  if (!document) return fail(BillingErrors.invoiceNotFound);
  return ok({ rendered: { fileName: invoicePdfName(document), content: await renderInvoicePdf(document) } });
}
