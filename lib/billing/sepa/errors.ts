import { businessError } from "@/lib/platform/result";

export const SepaErrors = {
  unreadableReturnFile: businessError(
    "Billing.UnreadableReturnFile",
    "invalid",
    "The file is neither a payment status report (pain.002) nor a debit notification (camt.054) the club can read.",
  ),
  memberNotFound: businessError("Member.NotFound", "not_found", "No member has that id."),
  mandateNotFound: businessError("Billing.MandateNotFound", "not_found", "The member has no mandate with that id."),
  debtorAddressRequired: businessError(
    "Billing.DebtorAddressRequired",
    "conflict",
    "A debit from an account outside the EEA (GB, CH, MC, SM, AD, VA, JE, GG, IM, PM) must carry the debtor's address: add the member's address first.",
  ),
  mandateAlreadyActive: businessError(
    "Billing.MandateAlreadyActive",
    "conflict",
    "The member already has an active direct debit mandate; revoke it before adding another.",
  ),
  mandateReferenceTaken: businessError(
    "Billing.MandateReferenceTaken",
    "conflict",
    "Another mandate already has that reference; mandate references are unique for the club.",
  ),
  mandateNotActive: businessError("Billing.MandateNotActive", "conflict", "The mandate is already revoked."),
  mandateAccountUnchanged: businessError(
    "Billing.MandateAccountUnchanged",
    "conflict",
    "The mandate already has that IBAN and BIC: there is nothing to amend.",
  ),
} as const;
