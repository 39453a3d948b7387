import type { Executor } from "@/lib/platform/db";
import { toCents } from "@/lib/platform/money";
import { fail, ok, type Result } from "@/lib/platform/result";
import { BillingErrors } from "./errors";
import { renderReceiptPdf } from "./pdf/render-receipt";
import { findInvoice } from "./repository";

export type ReceiptPdf = { fileName: string; content: Uint8Array };

const cents = (amount: string) => Number(toCents(amount));

/**
 * The receipt of one of an invoice's payments or refunds as a PDF, rendered for the answer (docs/billing.md, Receipts):
 * the club, the member, the amount, method, date and reference, the invoice and what it still owes now. Named after
 * the invoice and the movement's place among its movements: F2026-000123-recibo-2.pdf.
 */
export async function paymentReceiptPdf(
  ctx: { db: Executor },
  invoiceId: string,
  paymentId: string,
): Promise<Result<ReceiptPdf>> {
  const invoice = await findInvoice(ctx.db, invoiceId);
  if (!invoice) return fail(BillingErrors.invoiceNotFound);
  const place = invoice.payments.findIndex((payment) => payment.id === paymentId);
  const payment = invoice.payments[place];
  if (!payment) return fail(BillingErrors.paymentNotFound);
  const content = await renderReceiptPdf({
    kind: payment.kind,
    language: invoice.language,
    currency: invoice.currency,
    issuer: invoice.issuer,
    customer: { name: invoice.customer.name, taxId: invoice.customer.taxId },
    invoiceNumber: invoice.number,
    invoiceTotalCents: cents(invoice.totalAmount),
    amountCents: cents(payment.amount),
    method: payment.method,
    paidOn: payment.paidOn,
    reference: payment.reference,
    stillOwedCents: cents(invoice.amountDue),
  });
  const word = invoice.language === "es" ? "recibo" : "receipt";
  return ok({ fileName: `${invoice.number}-${word}-${place + 1}.pdf`, content });
}
