import { businessError } from "@/lib/platform/result";

export const MemberErrors = {
  notFound: businessError("Member.NotFound", "not_found", "No member has that id."),
  duplicateEmail: businessError("Member.DuplicateEmail", "conflict", "Another member already uses that email address."),
  hasActiveSubscription: businessError(
    "Member.HasActiveSubscription",
    "conflict",
    "The member has an active subscription; cancel it before deleting the member.",
  ),
  followsSubscriptions: businessError(
    "Member.InvalidStatusTransition",
    "conflict",
    "Active, inactive and expired follow the member's subscriptions: subscribe, renew or cancel instead. Staff only suspend a member and lift a suspension.",
  ),
  liftsToStanding: businessError(
    "Member.InvalidStatusTransition",
    "conflict",
    "Lifting a suspension gives the member the status their subscriptions give: set active to lift it.",
  ),
} as const;
