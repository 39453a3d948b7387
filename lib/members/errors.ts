import { businessError } from "@/lib/platform/result";

export const MemberErrors = {
  notFound: businessError("Member.NotFound", "not_found", "No member has that id."),
  duplicateEmail: businessError("Member.DuplicateEmail", "conflict", "Another member already uses that email address."),
  hasActiveSubscription: businessError(
    "Member.HasActiveSubscription",
    "conflict",
    "The member has an active subscription; cancel it before deleting the member.",
  ),
  expiredBySystemOnly: businessError(
    "Member.InvalidStatusTransition",
    "conflict",
    "Only the subscription expiry job sets a member expired.",
  ),
  suspensionNotLifted: businessError(
    "Member.InvalidStatusTransition",
    "conflict",
    "A suspended member cannot be set inactive; lift the suspension (set the member active) first.",
  ),
} as const;
