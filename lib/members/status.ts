import type { BusinessError } from "@/lib/platform/result";
import { MemberErrors } from "./errors";
import type { MemberStatus } from "./schemas";

/**
 * Member statuses and who moves a member between them (docs/api.md, "Member statuses"):
 * - active: a member in good standing. New members start here.
 * - inactive: left or paused. Staff set it; a new subscription or an auto-renewal makes the member active again.
 * - suspended: barred by staff, with a reason. Only staff lift it (back to active); suspended members are not
 *   renewed and cannot subscribe.
 * - expired: the last active subscription ended. Only the subscription expiry job sets it; a new subscription,
 *   a renewal or staff make the member active again.
 */
const STAFF_MAY_SET: Record<MemberStatus, readonly MemberStatus[]> = {
  active: ["inactive", "suspended"],
  inactive: ["active", "suspended"],
  // An inactive member is reactivated by their next subscription: going through inactive would end a suspension unseen.
  suspended: ["active"],
  expired: ["active", "inactive", "suspended"],
};

/** Why staff may not move a member from `from` to `to`, or null when they may. The same status is no change. */
export function staffTransitionRefusal(from: MemberStatus, to: MemberStatus): BusinessError | null {
  if (from === to || STAFF_MAY_SET[from].includes(to)) return null;
  return to === "expired" ? MemberErrors.expiredBySystemOnly : MemberErrors.suspensionNotLifted;
}

/** Audit action of every member status change: by staff, by a new subscription, or by the subscription jobs. */
export const MEMBER_STATUS_CHANGED = "members.status_changed";
