import { businessError } from "@/lib/platform/result";

/** Payments, refunds, write-offs and balances (docs/billing.md, Payments and statuses). */
export const CollectionErrors = {
  invoiceNotFound: businessError("Billing.InvoiceNotFound", "not_found", "No invoice has that id."),
  memberNotFound: businessError("Billing.MemberNotFound", "not_found", "No member has that id."),
  overpayment: businessError(
    "Billing.Overpayment",
    "conflict",
    "The payment is more than the amount still due on the invoice.",
  ),
  invoiceNotPayable: businessError(
    "Billing.InvoiceNotPayable",
    "conflict",
    "The invoice takes no payment: it is paid, cancelled, written off, being collected by direct debit, or a rectifying invoice.",
  ),
  refundExceedsPaid: businessError(
    "Billing.RefundExceedsPaid",
    "conflict",
    "The refund is more than what has been paid on the invoice.",
  ),
  invoiceNotWriteOffable: businessError(
    "Billing.InvoiceNotWriteOffable",
    "conflict",
    "Only an invoice with an amount still due (open, partially paid, overdue or returned) can be written off.",
  ),
} as const;
