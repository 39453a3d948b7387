import { type SQL, sql } from "drizzle-orm";
import { localDate } from "@/lib/platform/calendar";
import type { Executor } from "@/lib/platform/db";
import { executeRows } from "@/lib/platform/db/rows";
import { currentTraceId } from "@/lib/platform/trace";

/**
 * Member statuses are lib/members' (status.ts), which depends on billing, so billing cannot import it: dunning writes the
 * same audit action (MEMBER_STATUS_CHANGED) and settles with the same SQL function, member_standing (migration 0017).
 */
export const MEMBER_STATUS_CHANGED = "members.status_changed";

/** Statuses of an invoice that is still owed (docs/billing.md, A member's balance); money with the bank is not paid yet. */
const OWED_STATUSES = sql`('open', 'partially_paid', 'overdue', 'returned', 'pending_collection')`;

/**
 * Lifts the dunning suspensions whose members owe nothing past its due date any more (paid, written off or cancelled):
 * each member gets the status their subscriptions give at `at`, audited as a status change. Suspensions by staff have
 * no dunning_suspensions row and stay; the row goes with the suspension (trigger of migration 0026). `members` picks
 * whose (the payment's member), else all of them (the job). Answers how many members were reactivated.
 */
export async function liftSettledSuspensions(
  executor: Executor,
  change: { at: Date; today: string; actorId: string | null; members?: readonly string[] },
): Promise<number> {
  const whose: SQL = change.members ? sql`and s.member_id = any(${`{${change.members.join(",")}}`}::uuid[])` : sql``;
  const [row] = await executeRows<{ reactivated: string | number }>(
    executor,
    sql`with cleared as (
      select s.member_id from dunning_suspensions s
      where not exists (select 1 from invoices i where i.member_id = s.member_id and i.kind = 'invoice'
        and i.status in ${OWED_STATUSES} and i.due_on < ${change.today}::date) ${whose}
    ), reactivated as (
      update members m set status = member_standing(m.id, ${change.at.toISOString()}::timestamptz), updated_at = now(), version = m.version + 1
      where m.id in (select member_id from cleared) and m.status = 'suspended'
      returning m.id, m.status as new_status
    ), audited as (
      insert into audit_outbox (action, severity, actor_id, entity, entity_id, data, trace_id)
      select ${MEMBER_STATUS_CHANGED}, 'Info'::audit_severity, ${change.actorId}::text, 'member', r.id::text,
        jsonb_build_object('from', 'suspended', 'to', r.new_status, 'reason', 'Overdue invoices settled'), ${currentTraceId() ?? null}
      from reactivated r
      returning 1
    )
    select count(*) as reactivated from reactivated`,
  );
  return Number(row?.reactivated ?? 0);
}

/**
 * For the services that settle invoices (a payment, a write-off, a full rectification, a settled remittance): lifts
 * their members' suspensions for non-payment in the same transaction, so a member who pays is let in at once.
 */
export async function liftSuspensionsOf(
  executor: Executor,
  change: { now: Date; timeZone: string; actorId: string | null },
  members: readonly string[],
): Promise<number> {
  if (members.length === 0) return 0;
  // Two payments settling a member's last two overdue invoices at once: each would check the other's invoice before it
  // commits and neither lift the suspension. Locking the suspended member first makes the second wait for the first,
  // and its check (a later statement) then sees the first's payment.
  const ids = `{${members.join(",")}}`;
  await executor.execute(
    sql`select m.id from members m join dunning_suspensions s on s.member_id = m.id
      where m.id = any(${ids}::uuid[]) order by m.id for update of m`,
  );
  return liftSettledSuspensions(executor, {
    at: change.now,
    today: localDate(change.now, change.timeZone),
    actorId: change.actorId,
    members,
  });
}
