import { sql } from "drizzle-orm";
import { localDate } from "@/lib/platform/calendar";
import type { Executor } from "@/lib/platform/db";
import { executeRows } from "@/lib/platform/db/rows";
import { currentTraceId } from "@/lib/platform/trace";
import { liftSuspensionsOf } from "./dunning/reactivation";

/** Who and when, for the movements and audit entries that applying credit writes. */
export type CreditChange = { now: Date; timeZone: string; actorId: string | null };

/**
 * Moves the money a member already has with the club onto what they owe (docs/billing.md, The member's credit). Money
 * is held on an invoice paid and then credited (paid + credited − total > 0: a plan change's credit on a paid term, a
 * refund's rectification, a full rectification of a paid invoice); it goes to the member's owed invoices, earliest
 * due first, as a `refund` of method `credit` on the invoice that held it and a `payment` of method `credit` on the one
 * it settles (each naming the other in `reference`), so every invoice's movements still add up to its paid_cents. What
 * no owed invoice takes stays held: the member's credit, which the next invoice takes or a refund gives back.
 *
 * Set-based: the invoices holding money and then the ones owing are locked (a payment or a second application waits,
 * then sees this one), and one statement pairs the running sums of money held and money owed per member, so a credit spreads over
 * several invoices and several credits settle one. Answers the cents moved.
 */
export async function applyMemberCredit(
  executor: Executor,
  change: CreditChange,
  memberIds: readonly string[],
): Promise<bigint> {
  if (memberIds.length === 0) return 0n;
  const holding = sql`i.status in ('paid', 'cancelled') and i.paid_cents + i.credited_cents > i.total_cents`;
  const owing = sql`i.status in ('open', 'partially_paid', 'overdue', 'returned')
    and i.total_cents - i.paid_cents - i.credited_cents > 0`;
  // Few members hold credit: find (and lock) theirs first, so a renewal batch of thousands locks nothing else.
  const holders = await executeRows<{ member_id: string }>(
    executor,
    sql`select i.member_id from invoices i where i.member_id = any(${`{${memberIds.join(",")}}`}::uuid[])
      and i.kind = 'invoice' and ${holding} order by i.id for update`,
  );
  if (holders.length === 0) return 0n;
  const members = `{${[...new Set(holders.map((row) => row.member_id))].join(",")}}`;
  await executor.execute(
    sql`select i.id from invoices i where i.member_id = any(${members}::uuid[]) and i.kind = 'invoice' and ${owing}
      order by i.id for update`,
  );
  const today = localDate(change.now, change.timeZone);
  const [moved] = await executeRows<{ cents: string | null; settled: string[] | null }>(
    executor,
    sql`with held as (
      select i.id, i.member_id, i.paid_cents + i.credited_cents - i.total_cents as cents,
        i.series || i.year::text || '-' || lpad(i.number::text, 6, '0') as number,
        sum(i.paid_cents + i.credited_cents - i.total_cents) over (partition by i.member_id order by i.issued_at, i.id) as upto
      from invoices i where i.member_id = any(${members}::uuid[]) and i.kind = 'invoice' and ${holding}
    ), owed as (
      select i.id, i.member_id, i.total_cents - i.paid_cents - i.credited_cents as cents,
        i.series || i.year::text || '-' || lpad(i.number::text, 6, '0') as number,
        sum(i.total_cents - i.paid_cents - i.credited_cents)
          over (partition by i.member_id order by i.due_on, i.issued_at, i.id) as upto
      from invoices i where i.member_id = any(${members}::uuid[]) and i.kind = 'invoice' and ${owing}
    ), moves as (
      -- Each pair's share is the overlap of the held money's and the owed money's running intervals.
      select h.id as from_id, h.number as from_number, o.id as to_id, o.number as to_number, h.member_id,
        least(h.upto, o.upto) - greatest(h.upto - h.cents, o.upto - o.cents) as cents
      from held h join owed o on o.member_id = h.member_id
        and h.upto - h.cents < o.upto and o.upto - o.cents < h.upto
    ), released as (
      update invoices i set paid_cents = i.paid_cents - m.cents, status_changed_at = now()
      from (select from_id, sum(cents) as cents from moves group by from_id) m
      where i.id = m.from_id
      returning i.id
    ), settled as (
      update invoices i set paid_cents = i.paid_cents + m.cents,
        status = (case when i.total_cents - i.paid_cents - i.credited_cents = m.cents then 'paid'
          when i.status = 'overdue' then 'overdue' else 'partially_paid' end)::invoice_status,
        status_changed_at = now()
      from (select to_id, sum(cents) as cents from moves group by to_id) m
      where i.id = m.to_id
      returning i.id, i.member_id, i.status
    ), movements as (
      insert into invoice_payments (invoice_id, kind, amount_cents, method, paid_on, reference, recorded_by)
      select from_id, 'refund'::payment_kind, cents, 'credit'::payment_method, ${today}::date, to_number, ${change.actorId}::uuid from moves
      union all
      select to_id, 'payment'::payment_kind, cents, 'credit'::payment_method, ${today}::date, from_number, ${change.actorId}::uuid from moves
      returning 1
    ), audited as (
      insert into audit_outbox (action, severity, actor_id, entity, entity_id, data, trace_id)
      select 'billing.credit_applied', 'Info'::audit_severity, ${change.actorId}::text, 'invoice', to_id::text,
        jsonb_build_object('memberId', member_id, 'fromInvoiceId', from_id, 'fromNumber', from_number,
          'number', to_number, 'amount', to_char(cents / 100.0, 'FM999999999990.00')),
        ${currentTraceId() ?? null}
      from moves
      returning 1
    )
    -- (released, movements and audited run whether read or not: PostgreSQL executes every data-modifying CTE.)
    select (select sum(cents) from moves)::text as cents,
      (select array_agg(distinct member_id::text) from settled where status = 'paid') as settled`,
  );
  const cents = BigInt(moved?.cents ?? 0);
  if (moved?.settled?.length) await liftSuspensionsOf(executor, change, moved.settled);
  return cents;
}
