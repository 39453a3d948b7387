/**
 * An issued invoice as its documents (the PDF, the email) show it: amounts in integer cents, texts as they were when
 * it was issued (the issuer's and the customer's data are copied onto the invoice, never read again).
 */
export type PostalAddress = {
  line: string;
  postalCode: string;
  city: string;
  province: string | null;
  /** ISO 3166-1 alpha-2, "ES". */
  country: string;
};

export type InvoiceDocumentLine = {
  /** "Gold, monthly", or a proration credit's words, in the invoice's language. */
  description: string;
  /** The service period the line charges (club calendar dates, YYYY-MM-DD, both inclusive). */
  serviceFrom: string;
  serviceTo: string;
  /** Negative on credit lines and on rectifying invoices. */
  baseCents: number;
  /** 2100 = 21 %; 0 with an exemption reason. */
  taxRateBasisPoints: number;
  taxCents: number;
  totalCents: number;
  /** The legal ground of an exempt line ("Exento, art. 20.1.13º LIVA"), else null. */
  exemptReason: string | null;
  /** The ground of a line outside IVA (a return fee, an indemnity: not subject, not exempt), else null. */
  notSubjectReason: string | null;
};

export type InvoiceDocument = {
  id: string;
  /** Series and correlative number of its year: "F2026-000123"; rectifying invoices "R2026-000004". */
  number: string;
  kind: "invoice" | "rectifying" | "substitution";
  /** A simplified invoice (RD 1619/2012 art. 7; VERI*FACTU type F2 or R5): issued to a customer without NIF. */
  simplified: boolean;
  /** Club calendar date of issue, YYYY-MM-DD. */
  issuedOn: string;
  dueOn: string;
  /** The invoice a rectifying invoice corrects, and why. */
  rectifies: { number: string; issuedOn: string; reason: string } | null;
  /** The simplified invoice a substitution (F3) replaces. */
  substitutes: { number: string; issuedOn: string } | null;
  language: "en" | "es";
  /** ISO 4217, "EUR". */
  currency: string;
  issuer: { legalName: string; taxId: string; address: PostalAddress };
  customer: { name: string; taxId: string | null; address: PostalAddress | null; email: string };
  lines: InvoiceDocumentLine[];
  /** One row per tax rate (and one per exemption reason), as Spanish invoices break the tax down. */
  taxBreakdown: {
    taxRateBasisPoints: number;
    exemptReason: string | null;
    notSubjectReason: string | null;
    baseCents: number;
    taxCents: number;
  }[];
  baseCents: number;
  taxCents: number;
  totalCents: number;
  /** SHA-256 (hex) of this record in the club's invoice chain. */
  recordHash: string;
  /** What its tax QR code holds (lib/billing/verifactu/qr.ts); null on an invoice issued before ClubOps kept
   * VERI*FACTU records. */
  qrUrl: string | null;
  /** Whether its record went to the AEAT (VERI*FACTU mode): the invoice then says "VERI*FACTU" by its QR code. */
  verifactu: boolean;
};
