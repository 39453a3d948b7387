import type { InvoiceDocument } from "../invoice-document";

type InvoiceLanguage = InvoiceDocument["language"];

/** The words an invoice PDF is written with; `{name}` placeholders are filled by `fill`. */
const english = {
  invoiceTitle: "Invoice",
  simplifiedTitle: "Simplified invoice",
  rectifyingTitle: "Rectifying invoice",
  number: "Invoice number",
  series: "Series",
  issuedOn: "Issue date",
  dueOn: "Due date",
  taxId: "Tax ID (NIF)",
  customer: "Bill to",
  rectifies: "Corrects invoice {number} issued on {date}",
  reason: "Reason for the correction: {reason}",
  substitutes: "Issued in place of simplified invoice {number} of {date}",
  description: "Description",
  servicePeriod: "Service period: {from} to {to}",
  base: "Tax base",
  rate: "VAT rate",
  tax: "VAT",
  total: "Total",
  breakdown: "VAT breakdown",
  exempt: "Exempt",
  exemption: "VAT exempt: {reason}",
  notSubject: "Not subject",
  notSubjectNote: "Not subject to VAT: {reason}",
  baseTotal: "Total tax base",
  taxTotal: "Total VAT",
  grandTotal: "Invoice total",
  // The words the AEAT's QR specification puts before the tax QR code (annex), the same in every language.
  taxQr: "QR tributario:",
  recordHash: "Record fingerprint (SHA-256): {hash}",
  page: "Page {page} of {pages}",
};

const spanish: typeof english = {
  invoiceTitle: "Factura",
  simplifiedTitle: "Factura simplificada",
  rectifyingTitle: "Factura rectificativa",
  number: "Número de factura",
  series: "Serie",
  issuedOn: "Fecha de expedición",
  dueOn: "Fecha de vencimiento",
  taxId: "NIF",
  customer: "Cliente",
  rectifies: "Rectifica la factura {number} expedida el {date}",
  reason: "Motivo de la rectificación: {reason}",
  substitutes: "Emitida en sustitución de la factura simplificada {number} de {date}",
  description: "Concepto",
  servicePeriod: "Periodo del servicio: del {from} al {to}",
  base: "Base imponible",
  rate: "Tipo IVA",
  tax: "Cuota IVA",
  total: "Total",
  breakdown: "Desglose del IVA",
  exempt: "Exento",
  exemption: "Operación exenta de IVA: {reason}",
  notSubject: "No sujeto",
  notSubjectNote: "Operación no sujeta a IVA: {reason}",
  baseTotal: "Total base imponible",
  taxTotal: "Total cuota IVA",
  grandTotal: "Total factura",
  taxQr: "QR tributario:",
  recordHash: "Huella del registro (SHA-256): {hash}",
  page: "Página {page} de {pages}",
};

export type InvoiceWords = typeof english;

export const INVOICE_WORDS: Record<InvoiceLanguage, InvoiceWords> = { en: english, es: spanish };

/** "Page {page} of {pages}" with {page: "1", pages: "2"} → "Page 1 of 2". */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}
