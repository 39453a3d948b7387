import { businessError } from "@/lib/platform/result";

export const StaffErrors = {
  noPendingInvitation: businessError(
    "Staff.NoPendingInvitation",
    "conflict",
    "This account has no pending invitation: it has already chosen its password, was not invited, or is blocked or deactivated. Its owner can use “Forgot your password?” instead.",
  ),
} as const;
