import { businessError } from "@/lib/platform/result";

export const SubscriptionErrors = {
  notFound: businessError("Subscription.NotFound", "not_found", "The member has no subscription with that id."),
  memberNotFound: businessError("Member.NotFound", "not_found", "No member has that id."),
  memberSuspended: businessError(
    "Subscription.MemberSuspended",
    "conflict",
    "The member is suspended; lift the suspension first.",
  ),
  planNotFound: businessError("Subscription.PlanNotFound", "invalid", "No plan has that id."),
  planInactive: businessError(
    "Subscription.PlanInactive",
    "conflict",
    "That plan is deactivated and takes no new subscriptions.",
  ),
  alreadyActive: businessError(
    "Subscription.AlreadyActive",
    "conflict",
    "The member already has an active subscription for that time; change its plan or cancel it instead.",
  ),
  notActive: businessError(
    "Subscription.NotActive",
    "conflict",
    "Only an active subscription can be changed or canceled.",
  ),
  samePlan: businessError(
    "Subscription.SamePlan",
    "conflict",
    "The subscription already has that plan and billing period.",
  ),
  alreadyRenewed: businessError("Subscription.AlreadyRenewed", "conflict", "This term has already been renewed."),
  notRenewable: businessError(
    "Subscription.NotRenewable",
    "conflict",
    "A canceled subscription cannot be renewed; create a new one.",
  ),
} as const;
