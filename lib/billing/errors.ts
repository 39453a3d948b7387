import { businessError } from "@/lib/platform/result";

export const BillingErrors = {
  invoiceNotFound: businessError("Billing.InvoiceNotFound", "not_found", "No invoice has that id."),
  memberNotFound: businessError("Billing.MemberNotFound", "not_found", "No member has that id."),
  paymentNotFound: businessError(
    "Billing.PaymentNotFound",
    "not_found",
    "The invoice has no payment or refund with that id.",
  ),
  alreadyRectified: businessError(
    "Billing.AlreadyRectified",
    "conflict",
    "The invoice has already been fully rectified (it is cancelled).",
  ),
  amountExceedsInvoice: businessError(
    "Billing.AmountExceedsInvoice",
    "conflict",
    "The amount is more than what is left to credit on the invoice.",
  ),
  rectifyingNotRectifiable: businessError(
    "Billing.RectifyingNotRectifiable",
    "conflict",
    "A rectifying invoice cannot be rectified; issue a new invoice instead.",
  ),
  billingNotStarted: businessError(
    "Billing.NotStarted",
    "conflict",
    "Billing has not started: set the club's legal name, NIF and address in the settings first.",
  ),
  seriesPrefixInUse: businessError(
    "Billing.SeriesPrefixInUse",
    "conflict",
    "Invoices of the other kind were numbered with that prefix: a series holds invoices or rectifying invoices, not both.",
  ),
  seriesStarted: businessError(
    "Billing.SeriesStarted",
    "conflict",
    "The series has issued invoices this year: its numbering goes on from the last one and cannot be moved.",
  ),
  invoiceNotReissuable: businessError(
    "Billing.InvoiceNotReissuable",
    "conflict",
    "Only a term's invoice that has been credited in full (cancelled) can be reissued.",
  ),
  termAlreadyInvoiced: businessError(
    "Billing.TermAlreadyInvoiced",
    "conflict",
    "The term already has a live invoice; credit it in full before reissuing it.",
  ),
  invoiceNotSubstitutable: businessError(
    "Billing.InvoiceNotSubstitutable",
    "conflict",
    "Only a simplified invoice paid in full and never credited can be substituted by a full invoice; credit one still owed or credited in full and reissue it instead.",
  ),
  customerTaxIdMissing: businessError(
    "Billing.CustomerTaxIdMissing",
    "conflict",
    "A full invoice names its customer's tax id: add the member's DNI, NIE or NIF first.",
  ),
  invoiceAlreadySubstituted: businessError(
    "Billing.InvoiceAlreadySubstituted",
    "conflict",
    "A full invoice has already been issued in place of this simplified invoice.",
  ),
  verifactuRecordNotCorrectable: businessError(
    "Billing.VerifactuRecordNotCorrectable",
    "conflict",
    "Only a VERI*FACTU record the AEAT rejected or accepted with errors is sent again corrected: this invoice's last record is still waiting for the AEAT's answer or was accepted, or it has none.",
  ),
} as const;
