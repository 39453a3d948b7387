import { type SQL, sql } from "drizzle-orm";
import { type Letter, letterSql } from "@/lib/mail/recipient-language";
import { localDate } from "@/lib/platform/calendar";
import type { Database, Executor } from "@/lib/platform/db";
import { executeRows } from "@/lib/platform/db/rows";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { currentTraceId } from "@/lib/platform/trace";
import { owedCents } from "../owed";
import { liftSettledSuspensions, MEMBER_STATUS_CHANGED } from "./reactivation";
import { readDunningSettings } from "./settings";

/**
 * The daily dunning job (docs/billing.md, Dunning). Four set-based steps, each one statement in its own transaction
 * with its audit rows, each idempotent, so a second run on the same day changes nothing:
 * 1. invoices still owed after their due date become `overdue`;
 * 2. each overdue invoice gets the reminder of the latest reminder day it has reached, once (dedupe key per offset);
 * 3. members with an invoice overdue more than the grace days are suspended for non-payment (not those already
 *    suspended, by staff or before);
 * 4. members suspended for non-payment who owe nothing overdue any more are reactivated (the services that settle an
 *    invoice do it at once, liftSuspensionsOf; this catches anything else).
 * Days are calendar days in the club's time zone: `today` minus the due date, so DST changes neither skip nor double one.
 */
/** The club's name, default language and time zone (lib/mail/recipient-language.ts clubLetter); amounts are in the invoice's currency. */
export type DunningDependencies = { db: Database; club: Letter };

export type DunningOutcome = { markedOverdue: number; reminded: number; suspended: number; reactivated: number };

/** The invoice number as shown, "F2026-000123" (the SQL twin of numbering.ts invoiceNumber), over `i`. */
const numberOf = sql`i.series || i.year || '-' || lpad(i.number::text, 6, '0')`;

const traceId = () => currentTraceId() ?? null;

async function count(executor: Executor, statement: SQL): Promise<number> {
  const [row] = await executeRows<{ n: string | number }>(executor, statement);
  return Number(row?.n ?? 0);
}

/** Step 1: a conditional update, so a payment that committed first (the invoice is paid) is left alone. */
function markOverdue(db: Database, today: string): Promise<number> {
  return commitWhatever(db, (tx) =>
    count(
      tx,
      sql`with marked as (
        update invoices i set status = 'overdue', status_changed_at = now()
        where i.kind = 'invoice' and i.status in ('open', 'partially_paid', 'returned')
          and i.due_on < ${today}::date and ${owedCents(sql`i`)} > 0
        returning i.id, i.member_id, ${numberOf} as number, i.due_on
      ), audited as (
        insert into audit_outbox (action, severity, entity, entity_id, data, trace_id)
        select 'billing.invoice_overdue', 'Info'::audit_severity, 'invoice', m.id::text,
          jsonb_build_object('number', m.number, 'memberId', m.member_id, 'dueOn', m.due_on), ${traceId()}
        from marked m
        returning 1
      )
      select count(*) as n from marked`,
    ),
  );
}

/**
 * Step 2: per overdue invoice, the reminder of the latest reminder day reached (a run after a missed day sends one
 * reminder, not a pile of them); the dedupe key `dunning:<invoice>:<day>` makes each one once. The last reminder day
 * warns of the suspension when it comes before it.
 */
function queueReminders(
  deps: DunningDependencies,
  today: string,
  settings: { reminderDays: number[]; graceDays: number },
): Promise<number> {
  const days = `{${settings.reminderDays.join(",")}}`;
  const lastDay = settings.reminderDays.at(-1) ?? 0;
  return commitWhatever(deps.db, (tx) =>
    count(
      tx,
      sql`with due as (
        select i.id, i.member_id, ${numberOf} as number, i.due_on, ${owedCents(sql`i`)} as owed_cents, i.currency,
          (select max(d) from unnest(${days}::int[]) d where d <= ${today}::date - i.due_on) as reminder_day
        from invoices i
        where i.kind = 'invoice' and i.status = 'overdue'
      ), mailed as (
        insert into mail_outbox (template, to_address, props, dedupe_key)
        select 'payment-reminder', m.email,
          jsonb_build_object('memberName', m.first_name, 'number', d.number, 'dueOn', to_char(d.due_on, 'YYYY-MM-DD'),
            'amountDue', (d.owed_cents / 100.0)::numeric(20, 2)::text, 'currency', d.currency::text,
            'payToIban', (select collection_iban from platform_settings),
            'suspendsOn', case when d.reminder_day = ${lastDay}::int and ${lastDay <= settings.graceDays}
              then to_char(d.due_on + ${settings.graceDays + 1}::int, 'YYYY-MM-DD') end,
            ${letterSql(deps.club, sql`m.language`)}),
          'dunning:' || d.id || ':' || d.reminder_day
        from due d join members m on m.id = d.member_id
        where d.reminder_day is not null and m.deleted_at is null
        on conflict (dedupe_key) do nothing
        returning dedupe_key
      ), reminded as (
        select d.* from due d join mailed on mailed.dedupe_key = 'dunning:' || d.id || ':' || d.reminder_day
      ), audited as (
        insert into audit_outbox (action, severity, entity, entity_id, data, trace_id)
        select 'billing.payment_reminder_queued', 'Info'::audit_severity, 'invoice', r.id::text,
          jsonb_build_object('number', r.number, 'memberId', r.member_id, 'reminderDay', r.reminder_day), ${traceId()}
        from reminded r
        returning 1
      )
      select count(*) as n from reminded`,
    ),
  );
}

/**
 * Step 3. The late invoices are locked first and re-read by the next statement: a payment of one of them either
 * committed before (it is no longer overdue) or waits, and then lifts the suspension itself (payments.ts).
 */
function suspendLateMembers(db: Database, today: string, graceDays: number): Promise<number> {
  const late = sql`i.kind = 'invoice' and i.status = 'overdue' and ${today}::date - i.due_on > ${graceDays}::int`;
  return commitWhatever(db, async (tx) => {
    const locked = await executeRows<{ id: string }>(
      tx,
      sql`select i.id from invoices i join members m on m.id = i.member_id
        where ${late} and m.status <> 'suspended' and m.deleted_at is null order by i.id for update of i`,
    );
    if (locked.length === 0) return 0;
    return count(
      tx,
      sql`with late as (
        select distinct on (i.member_id) i.member_id, i.id as invoice_id, ${numberOf} as number
        from invoices i where i.id = any(${`{${locked.map((row) => row.id).join(",")}}`}::uuid[]) and ${late}
        order by i.member_id, i.due_on, i.id
      ), suspended as (
        update members m set status = 'suspended', updated_at = now(), version = m.version + 1
        from members previous, late l
        where previous.id = m.id and l.member_id = m.id and m.status <> 'suspended' and m.deleted_at is null
        returning m.id, previous.status as previous_status, l.invoice_id, l.number
      ), recorded as (
        insert into dunning_suspensions (member_id, invoice_id) select id, invoice_id from suspended
        on conflict (member_id) do update set invoice_id = excluded.invoice_id, suspended_at = now()
        returning 1
      ), audited as (
        insert into audit_outbox (action, severity, entity, entity_id, data, trace_id)
        select 'billing.member_suspended', 'Warning'::audit_severity, 'member', s.id::text,
          jsonb_build_object('invoiceId', s.invoice_id, 'number', s.number, 'graceDays', ${graceDays}::int), ${traceId()}
        from suspended s
        union all
        select ${MEMBER_STATUS_CHANGED}, 'Warning'::audit_severity, 'member', s.id::text,
          jsonb_build_object('from', s.previous_status, 'to', 'suspended', 'reason', 'Unpaid invoice ' || s.number), ${traceId()}
        from suspended s
        returning 1
      )
      select count(*) as n from suspended`,
    );
  });
}

/** Runs the day's dunning at `now`. Switched off, it still marks overdue invoices and lifts settled suspensions. */
export async function processDunning(deps: DunningDependencies, now = new Date()): Promise<DunningOutcome> {
  const today = localDate(now, deps.club.timeZone);
  const settings = await readDunningSettings(deps.db);
  const markedOverdue = await markOverdue(deps.db, today);
  const reminded = settings.enabled ? await queueReminders(deps, today, settings) : 0;
  const suspended = settings.enabled ? await suspendLateMembers(deps.db, today, settings.graceDays) : 0;
  const reactivated = await commitWhatever(deps.db, (tx) =>
    liftSettledSuspensions(tx, { at: now, today, actorId: null }),
  );
  return { markedOverdue, reminded, suspended, reactivated };
}
