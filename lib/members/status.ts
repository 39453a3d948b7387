import { type SQL, sql } from "drizzle-orm";
import { fail, ok, type Result } from "@/lib/platform/result";
import { MemberErrors } from "./errors";
import type { MemberStatus } from "./schemas";

/**
 * Member statuses (docs/api.md, "Member statuses"). Three follow the member's subscriptions, one is staff's:
 * - active: a subscription term is in force: active (not canceled, not expired) and not ended. A renewal queued to
 *   start where the term in force ends counts too: it follows without a gap.
 * - inactive: no term in force, and the last one was canceled before its end, or the member never subscribed.
 * - expired: no term in force, and the last one ran out (reached its end).
 * - suspended: set by staff with a reason, and sticky: subscriptions, cancellations and the jobs leave it alone,
 *   suspended members are not renewed and cannot subscribe. Only staff lift it; the member then gets the status
 *   their subscriptions give.
 * Every change to a member's terms puts the member's status right in its own transaction (settleMemberStatus and the
 * subscription jobs), so the stored status, its counters and filters stay true; the expiry job turns a member whose
 * last term ran out expired within the hour.
 */

/** A status the subscriptions give: every status but suspended. */
export type Standing = Exclude<MemberStatus, "suspended">;

/**
 * The status a member's subscriptions give at `at`: the SQL function member_standing (migration 0017), the one
 * definition the services, the jobs and the migration's recompute share. A term past its end counts as ended even
 * before the expiry job marks it expired.
 */
export const standingOf = (memberId: SQL, at: Date) =>
  sql<Standing>`member_standing(${memberId}, ${at.toISOString()}::timestamptz)`;

/**
 * What a staff status change stores, or why it is refused. Staff suspend, and lift a suspension by asking for
 * `active` (or for the status the subscriptions give): the member then gets the status their subscriptions give.
 * Active, inactive and expired otherwise follow the subscriptions alone. The same status is no change.
 */
export function staffStatusChange(
  stored: MemberStatus,
  requested: MemberStatus,
  standing: Standing,
): Result<MemberStatus> {
  if (requested === stored || requested === "suspended") return ok(requested);
  if (stored !== "suspended") return fail(MemberErrors.followsSubscriptions);
  return requested === "active" || requested === standing ? ok(standing) : fail(MemberErrors.liftsToStanding);
}

/** Audit action of every member status change: by staff, by a change of the member's subscriptions, or by the jobs. */
export const MEMBER_STATUS_CHANGED = "members.status_changed";
