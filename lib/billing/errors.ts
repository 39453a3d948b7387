import { businessError } from "@/lib/platform/result";

export const BillingErrors = {
  invoiceNotFound: businessError("Billing.InvoiceNotFound", "not_found", "No invoice has that id."),
  memberNotFound: businessError("Billing.MemberNotFound", "not_found", "No member has that id."),
  alreadyRectified: businessError(
    "Billing.AlreadyRectified",
    "conflict",
    "The invoice has already been fully rectified (it is cancelled).",
  ),
  rectifyingNotRectifiable: businessError(
    "Billing.RectifyingNotRectifiable",
    "conflict",
    "A rectifying invoice cannot be rectified; issue a new invoice instead.",
  ),
} as const;
