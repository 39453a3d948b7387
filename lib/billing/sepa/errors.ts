import { businessError } from "@/lib/platform/result";

export const SepaErrors = {
  unreadableReturnFile: businessError(
    "Billing.UnreadableReturnFile",
    "invalid",
    "The file is neither a payment status report (pain.002) nor a debit notification (camt.054) the club can read.",
  ),
} as const;
