import { businessError } from "@/lib/platform/result";
import { BillingErrors } from "../errors";

/** Payments, refunds, write-offs and balances (docs/billing.md, Payments and statuses). */
export const CollectionErrors = {
  invoiceNotFound: BillingErrors.invoiceNotFound,
  memberNotFound: BillingErrors.memberNotFound,
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
  returnFileForOtherRemittance: businessError(
    "Billing.ReturnFileForOtherRemittance",
    "conflict",
    "The file rejects a whole remittance or payment block, but it answers another remittance (its original message id is not this remittance's).",
  ),
  creditorNotConfigured: businessError(
    "Billing.CreditorNotConfigured",
    "conflict",
    "Set the club's SEPA creditor identifier and collection IBAN in the settings before building remittances.",
  ),
  nothingToCollect: businessError(
    "Billing.NothingToCollect",
    "conflict",
    "No invoice can be collected on that date: none is due by then with an amount owed and an active mandate, outside another remittance.",
  ),
  invoicesNotCollectable: businessError(
    "Billing.InvoicesNotCollectable",
    "conflict",
    "Some chosen invoices cannot be collected on that date (not due by then, nothing owed, no active mandate, or already in a remittance).",
  ),
  remittanceNotFound: businessError("Billing.RemittanceNotFound", "not_found", "No remittance has that id."),
  remittanceAlreadySent: businessError(
    "Billing.RemittanceAlreadySent",
    "conflict",
    "The remittance has already been sent to the bank.",
  ),
  remittanceOutdated: businessError(
    "Billing.RemittanceOutdated",
    "conflict",
    "Some of its invoices changed since the remittance was built (paid, written off or cancelled); delete it and build a new one.",
  ),
  remittanceNotSent: businessError(
    "Billing.RemittanceNotSent",
    "conflict",
    "The remittance is still a draft: mark it sent before importing returns or settling it.",
  ),
  remittanceFileInvalid: businessError(
    "Billing.RemittanceFileInvalid",
    "conflict",
    "The bank file does not pass the XSD of its pain.008 version, so the bank would refuse it whole; it is not served.",
  ),
  remittanceNotDue: businessError(
    "Billing.RemittanceNotDue",
    "conflict",
    "The collection date has not come yet: the bank has not collected the debits.",
  ),
} as const;
