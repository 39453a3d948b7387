import { sql } from "drizzle-orm";
import { deliverMailAfterCommit } from "@/lib/mail/dispatch";
import { type Letter, letterSql } from "@/lib/mail/recipient-language";
import { localDate } from "@/lib/platform/calendar";
import type { Database } from "@/lib/platform/db";
import { executeRows } from "@/lib/platform/db/rows";
import { invoices, sepaMandates } from "@/lib/platform/db/schema";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { currentTraceId } from "@/lib/platform/trace";
import { debitsAwaitingNotice, INVOICE_NUMBER, NOTICE_REVISION, OWED, PRESENTATION } from "./collectable";
import { addDays, collectionDateFrom, laterOf } from "./collection-date";
import { creditorOf } from "./creditor";
import { readDirectDebitSettings } from "./direct-debit-settings";

/**
 * The pre-notification of direct debits (docs/billing.md, Pre-notification; EPC SDD Core rulebook: the creditor tells
 * the debtor the amount and the date at least 14 calendar days before the collection, unless they agreed another
 * period). The daily `notify-debits` job finds every debit a remittance may hold (collectable.ts, the builder's own rule)
 * without a notice since its last return, and queues one `debit-notice` email per member listing them, each with the
 * date announced: the first day a debit can be collected (the club's planned collection date) on or after both its due
 * date and `preNotificationDays` from today. A member's invoices are announced together, for the latest of their dates.
 * A debit is announced again, one revision up, when the amount owed rises above its notice or its mandate is replaced;
 * that email says it replaces the earlier one.
 *
 * One statement: the notices are inserted first, `on conflict do nothing` against `debit_notices_revision_once`,
 * and only the notices that went in are mailed and audited, so a second run, or two runs at once, sends nothing twice:
 * the run that loses waits for the winner's commit on the unique index and then inserts nothing.
 */
export type DebitNoticeDependencies = {
  db: Database;
  club: Letter;
  /** Starts sending the queued emails once they commit; the deliver-mail job sends them otherwise (a benchmark). */
  deliverMail?: typeof deliverMailAfterCommit;
};

export type DebitNoticeOutcome = { notified: number; mailed: number };

/** SQL twin of identifiers.ts maskIban over a normalised IBAN: "ES91 **** **** **** **** 1332". */
const maskedIban = (iban: typeof sepaMandates.iban) =>
  sql`left(${iban}, 4) || repeat(' ****', greatest(ceil(length(${iban}) / 4.0)::int - 2, 0)) || ' '
    || substr(${iban}, 4 * (ceil(length(${iban}) / 4.0)::int - 1) + 1)`;

/** Tells the debtors of the debits waiting for a notice, at `now`; nothing while the club is no SEPA creditor yet. */
export async function notifyDebits(deps: DebitNoticeDependencies, now = new Date()): Promise<DebitNoticeOutcome> {
  const today = localDate(now, deps.club.timeZone);
  return commitWhatever(deps.db, async (tx) => {
    const creditor = await creditorOf(tx);
    // Without a creditor identifier no notice can name it, and no remittance can be built either.
    if (!creditor) return { notified: 0, mailed: 0 };
    const { collectionDay, preNotificationDays } = await readDirectDebitSettings(tx);
    const earliest = addDays(today, preNotificationDays);
    // The announced date depends on the due date alone: computed once per distinct due date (TARGET2 calendar in
    // TypeScript), then joined in.
    const dueDates = await executeRows<{ due_on: string }>(
      tx,
      sql`select distinct ${invoices.dueOn}::text as due_on ${debitsAwaitingNotice()}`,
    );
    if (dueDates.length === 0) return { notified: 0, mailed: 0 };
    const announced = dueDates.map(({ due_on }) => ({
      due_on,
      collection_date: collectionDateFrom(laterOf(due_on, earliest), collectionDay),
    }));
    const traceId = currentTraceId() ?? null;
    const [row] = await executeRows<{ notified: string | number; mailed: string | number }>(
      tx,
      sql`with pending as (
        select ${invoices.id} as invoice_id, ${invoices.memberId} as member_id, ${invoices.dueOn} as due_on,
          ${invoices.currency}::text as currency, ${INVOICE_NUMBER} as number, ${OWED} as amount_cents,
          ${PRESENTATION} as presentation, ${NOTICE_REVISION} as revision, ${sepaMandates.id} as mandate_id,
          ${sepaMandates.reference} as reference,
          ${maskedIban(sepaMandates.iban)} as masked_iban
        ${debitsAwaitingNotice()}
      ), dated as (
        select p.*, d.collection_date
        from pending p
        join json_to_recordset(${JSON.stringify(announced)}::json) as d(due_on date, collection_date date)
          on d.due_on = p.due_on
        join members m on m.id = p.member_id and m.deleted_at is null
      ), per_member as materialized (
        select member_id, max(collection_date) as collection_date, gen_random_uuid() as mail_id
        from dated group by member_id
      ), noticed as (
        insert into debit_notices (invoice_id, mandate_id, presentation, revision, collection_date, amount_cents,
          notified_at, mail_id)
        select d.invoice_id, d.mandate_id, d.presentation, d.revision, pm.collection_date, d.amount_cents,
          ${now.toISOString()}::timestamptz, pm.mail_id
        from dated d join per_member pm on pm.member_id = d.member_id
        on conflict (invoice_id, presentation, revision) do nothing
        returning invoice_id, mail_id, collection_date, revision
      ), letters as (
        select n.mail_id, d.member_id, n.collection_date, min(d.reference) as reference, min(d.masked_iban) as masked_iban,
          min(d.currency) as currency, sum(d.amount_cents) as total_cents, bool_or(n.revision > 0) as replaces_earlier,
          jsonb_agg(jsonb_build_object('number', d.number, 'amount', (d.amount_cents / 100.0)::numeric(20, 2)::text)
            order by d.number) as lines
        from noticed n join dated d on d.invoice_id = n.invoice_id
        group by n.mail_id, d.member_id, n.collection_date
      ), mailed as (
        insert into mail_outbox (id, template, to_address, props, dedupe_key)
        select l.mail_id, 'debit-notice', m.email,
          jsonb_build_object('memberName', m.first_name, 'collectionDate', to_char(l.collection_date, 'YYYY-MM-DD'),
            'invoices', l.lines, 'total', (l.total_cents / 100.0)::numeric(20, 2)::text, 'currency', l.currency,
            'mandateReference', l.reference, 'creditorIdentifier', ${creditor.identifier}::text,
            'creditorName', ${creditor.name}::text, 'maskedIban', l.masked_iban,
            'replacesEarlier', l.replaces_earlier,
            ${letterSql(deps.club, sql`m.language`)}),
          'debit-notice:' || l.mail_id
        from letters l join members m on m.id = l.member_id
        returning id
      ), audited as (
        insert into audit_outbox (action, severity, entity, entity_id, data, trace_id)
        select 'billing.debit_notice_queued', 'Info'::audit_severity, 'invoice', d.invoice_id::text,
          jsonb_build_object('number', d.number, 'memberId', d.member_id, 'mandateReference', d.reference,
            'collectionDate', n.collection_date, 'amount', (d.amount_cents / 100.0)::numeric(20, 2)::text,
            'mailId', n.mail_id, 'revision', n.revision), ${traceId}
        from noticed n join dated d on d.invoice_id = n.invoice_id
        returning 1
      )
      select (select count(*) from noticed) as notified, (select count(*) from mailed) as mailed`,
    );
    const outcome = { notified: Number(row?.notified ?? 0), mailed: Number(row?.mailed ?? 0) };
    if (outcome.mailed > 0) (deps.deliverMail ?? deliverMailAfterCommit)(tx);
    return outcome;
  });
}
