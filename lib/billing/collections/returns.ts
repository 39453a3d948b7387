import { eq, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { localDate } from "@/lib/platform/calendar";
import type { Transaction } from "@/lib/platform/db";
import { executeRows } from "@/lib/platform/db/rows";
import { remittances } from "@/lib/platform/db/schema";
import { rollbackOnFailure } from "@/lib/platform/db/transaction";
import { fail, ok, type Result } from "@/lib/platform/result";
import { currentTraceId } from "@/lib/platform/trace";
import type { Acting, ServiceContext } from "@/lib/services/context";
import { liftSuspensionsOf } from "../dunning/reactivation";
import { clearCarriedAmendments } from "../mandates";
import { owedCents } from "../owed";
import { reasonWords } from "../sepa/reason-codes";
import { parseReturnFile, type RejectedScope } from "../sepa/returns";
import { CollectionErrors } from "./errors";
import { invoiceReturnFees, type ReturnFeeInvoiced } from "./return-fees";
import type { ReturnImport } from "./return-schemas";

/**
 * Returns and settlement of sent remittances (docs/billing.md, Returns and settlement). Both are set-based and
 * idempotent: a debit already returned (or already collected) is left as it is, so importing a file twice or settling
 * twice changes nothing the second time.
 */
type ReturnContext = Pick<ServiceContext, "db" | "club" | "now"> & Acting;

export type ReturnImportReport = {
  /** Debits marked returned by this import, with the bank's reason. */
  returned: { invoiceNumber: string; reasonCode: string; reason: string }[];
  /** Invoice numbers of debits an earlier import had already marked returned. */
  alreadyReturned: string[];
  /** Invoice numbers the file names that are not debits of this remittance. */
  unknown: string[];
  /** The club's return fee invoiced for each debit returned by this import (none without `directDebit.returnFee`). */
  returnFees: ReturnFeeInvoiced[];
};

type ReturnLine = { endToEndId: string; reasonCode: string };
/** What an import names: debits one by one, and scopes rejected whole (a pain.002's message or payment block). */
type Named = { lines: ReturnLine[]; scopes: RejectedScope[]; originalMessageId: string | null };

function namedBy(input: ReturnImport): Result<Named> {
  if ("invoiceNumber" in input) {
    return ok({
      lines: [{ endToEndId: input.invoiceNumber, reasonCode: input.reasonCode }],
      scopes: [],
      originalMessageId: null,
    });
  }
  const file = parseReturnFile(input.file);
  if (!file.ok) return file;
  return ok({
    lines: file.value.debits.map(({ endToEndId, reasonCode }) => ({ endToEndId, reasonCode })),
    scopes: file.value.rejectedScopes,
    originalMessageId: file.value.originalMessageId,
  });
}

/**
 * The debits of a scope rejected whole, each with the scope's reason, after the debits the file names one by one (their
 * own reasons come first). A scope is applied only to the remittance whose message the report answers.
 */
async function withRejectedScopes(
  tx: Transaction,
  remittance: { id: string; messageId: string },
  named: Named,
): Promise<Result<ReturnLine[]>> {
  if (named.scopes.length === 0) return ok(named.lines);
  if (named.originalMessageId !== remittance.messageId) return fail(CollectionErrors.returnFileForOtherRemittance);
  const items = await executeRows<{ end_to_end_id: string; sequence: string }>(
    tx,
    sql`select end_to_end_id, sequence from remittance_items where remittance_id = ${remittance.id}
      order by end_to_end_id`,
  );
  const scoped = items.flatMap((item) => {
    const scope = named.scopes.find((candidate) => candidate.sequence === null || candidate.sequence === item.sequence);
    return scope ? [{ endToEndId: item.end_to_end_id, reasonCode: scope.reasonCode }] : [];
  });
  return ok([...named.lines, ...scoped]);
}

/** Locks a sent remittance (returns and settlement of one remittance wait for each other), or says why not. */
async function lockSent(tx: Transaction, id: string) {
  const [remittance] = await tx
    .select({
      status: remittances.status,
      collectionDate: remittances.collectionDate,
      messageId: remittances.messageId,
    })
    .from(remittances)
    .where(eq(remittances.id, id))
    .for("update");
  if (!remittance) return fail(CollectionErrors.remittanceNotFound);
  if (remittance.status !== "sent") return fail(CollectionErrors.remittanceNotSent);
  return ok(remittance);
}

type MatchedItem = {
  invoice_id: string;
  member_id: string;
  end_to_end_id: string;
  amount_cents: string;
  status: string;
};

/**
 * Marks the returned debits, reopens their invoices as `returned` and takes back a payment settlement had counted (a
 * `refund` row by direct debit, so the movements still add up), with one `billing.return_imported` entry each.
 */
async function markReturned(ctx: ReturnContext, tx: Transaction, remittanceId: string, lines: ReturnLine[]) {
  const json = JSON.stringify(lines.map((line) => ({ end_to_end_id: line.endToEndId, reason_code: line.reasonCode })));
  await tx.execute(sql`
    with input as (select * from jsonb_to_recordset(${json}::jsonb) as x(end_to_end_id text, reason_code text)),
    item as (
      select ri.invoice_id, ri.amount_cents, ri.status = 'collected' as was_collected, input.reason_code, ri.end_to_end_id
      from remittance_items ri join input on input.end_to_end_id = ri.end_to_end_id
      where ri.remittance_id = ${remittanceId} and ri.status <> 'returned'
    ),
    marked as (
      update remittance_items ri set status = 'returned', return_reason = item.reason_code, returned_at = now()
      from item where ri.remittance_id = ${remittanceId} and ri.invoice_id = item.invoice_id
    ),
    reopened as (
      update invoices i set
        status = case when i.status in ('pending_collection', 'paid', 'partially_paid') then 'returned'::invoice_status
          else i.status end,
        paid_cents = i.paid_cents - case when item.was_collected then item.amount_cents else 0 end,
        status_changed_at = now()
      from item where i.id = item.invoice_id
      returning i.id, i.member_id
    ),
    refunded as (
      insert into invoice_payments (invoice_id, kind, amount_cents, method, paid_on, reference, recorded_by)
      select item.invoice_id, 'refund', item.amount_cents, 'direct_debit', ${localDate(ctx.now(), ctx.club.timeZone)}::date,
        'Return ' || item.reason_code, ${ctx.actor.id}::uuid
      from item where item.was_collected
    )
    insert into audit_outbox (action, severity, actor_id, entity, entity_id, data, trace_id)
    select 'billing.return_imported', 'Warning'::audit_severity, ${ctx.actor.id}, 'invoice', item.invoice_id::text,
      jsonb_build_object('number', item.end_to_end_id, 'memberId', reopened.member_id, 'remittanceId', ${remittanceId}::text,
        'reasonCode', item.reason_code, 'amount', to_char(item.amount_cents / 100.0, 'FM999999999990.00'),
        'paymentRemoved', item.was_collected),
      ${currentTraceId() ?? null}
    from item join reopened on reopened.id = item.invoice_id`);
}

/**
 * Imports returns for a sent remittance, from the bank's file (pain.002 rejections, camt.054 returns) or one debit
 * named by hand. Numbers the remittance does not hold are reported back, never dropped silently.
 */
export function importReturns(
  ctx: ReturnContext,
  remittanceId: string,
  input: ReturnImport,
): Promise<Result<ReturnImportReport>> {
  const parsed = namedBy(input);
  if (!parsed.ok) return Promise.resolve(parsed);
  return rollbackOnFailure(ctx.db, async (tx) => {
    const remittance = await lockSent(tx, remittanceId);
    if (!remittance.ok) return remittance;
    const named = await withRejectedScopes(
      tx,
      { id: remittanceId, messageId: remittance.value.messageId },
      parsed.value,
    );
    if (!named.ok) return named;
    // A debit named twice in one file counts once, with its first reason.
    const lines = [...new Map(named.value.map((line) => [line.endToEndId, line])).values()];
    const matched = await executeRows<MatchedItem>(
      tx,
      sql`select ri.invoice_id, i.member_id, ri.end_to_end_id, ri.amount_cents, ri.status
        from remittance_items ri join invoices i on i.id = ri.invoice_id
        where ri.remittance_id = ${remittanceId}
          and ri.end_to_end_id in (select jsonb_array_elements_text(${JSON.stringify(lines.map((line) => line.endToEndId))}::jsonb))`,
    );
    const byNumber = new Map(matched.map((item) => [item.end_to_end_id, item]));
    const fresh = lines.filter(
      (line) => byNumber.has(line.endToEndId) && byNumber.get(line.endToEndId)?.status !== "returned",
    );
    if (fresh.length > 0) await markReturned(ctx, tx, remittanceId, fresh);
    const returnFees = await invoiceReturnFees(
      tx,
      {
        now: ctx.now(),
        timeZone: ctx.club.timeZone,
        language: ctx.club.language,
        currency: ctx.club.currency,
        actorId: ctx.actor.id,
      },
      remittanceId,
      fresh.flatMap((line) => {
        const item = byNumber.get(line.endToEndId);
        return item ? [{ invoiceId: item.invoice_id, invoiceNumber: line.endToEndId, memberId: item.member_id }] : [];
      }),
    );
    return ok({
      returned: fresh.map((line) => ({
        invoiceNumber: line.endToEndId,
        reasonCode: line.reasonCode,
        reason: reasonWords(line.reasonCode)[ctx.club.language],
      })),
      alreadyReturned: lines
        .filter((line) => byNumber.get(line.endToEndId)?.status === "returned")
        .map((line) => line.endToEndId),
      unknown: lines.filter((line) => !byNumber.has(line.endToEndId)).map((line) => line.endToEndId),
      returnFees,
    });
  });
}

/**
 * Records the debits the bank collected: once the collection date has come, every debit of a sent remittance not
 * returned is paid by direct debit (a payment row dated the collection date, its invoice `paid`, one
 * `billing.payment_recorded` entry each). A return arriving later takes the payment back (importReturns).
 */
export function settleRemittance(ctx: ReturnContext, remittanceId: string): Promise<Result<{ collected: number }>> {
  return rollbackOnFailure(ctx.db, async (tx) => {
    const remittance = await lockSent(tx, remittanceId);
    if (!remittance.ok) return remittance;
    if (remittance.value.collectionDate > localDate(ctx.now(), ctx.club.timeZone)) {
      return fail(CollectionErrors.remittanceNotDue);
    }
    const { collectionDate, messageId } = remittance.value;
    const collected = await executeRows<{ invoice_id: string; member_id: string }>(
      tx,
      sql`
      with item as (
        update remittance_items set status = 'collected'
        where remittance_id = ${remittanceId} and status = 'included'
        returning invoice_id, amount_cents, end_to_end_id
      ),
      paid as (
        update invoices i set paid_cents = i.paid_cents + item.amount_cents,
          -- A refund at the desk while the bank collected leaves part owed: partially paid, not pending forever.
          status = case when i.status <> 'pending_collection' then i.status
            when ${owedCents(sql`i`, sql`(i.paid_cents + item.amount_cents)`)} = 0 then 'paid'::invoice_status
            else 'partially_paid'::invoice_status end,
          status_changed_at = now()
        from item where i.id = item.invoice_id
        returning i.id, i.member_id, i.status
      ),
      payment as (
        insert into invoice_payments (invoice_id, kind, amount_cents, method, paid_on, reference, recorded_by)
        select item.invoice_id, 'payment', item.amount_cents, 'direct_debit', ${collectionDate}::date, ${messageId},
          ${ctx.actor.id}::uuid
        from item
        returning id, invoice_id
      ),
      audited as (
        insert into audit_outbox (action, severity, actor_id, entity, entity_id, data, trace_id)
        select 'billing.payment_recorded', 'Info'::audit_severity, ${ctx.actor.id}, 'invoice', item.invoice_id::text,
          jsonb_build_object('number', item.end_to_end_id, 'memberId', paid.member_id, 'paymentId', payment.id,
            'amount', to_char(item.amount_cents / 100.0, 'FM999999999990.00'), 'method', 'direct_debit',
            'paidOn', ${collectionDate}::text, 'reference', ${messageId}::text, 'status', paid.status,
            'remittanceId', ${remittanceId}::text),
          ${currentTraceId() ?? null}
        from item join paid on paid.id = item.invoice_id join payment on payment.invoice_id = item.invoice_id
      )
      select item.invoice_id, paid.member_id from item join paid on paid.id = item.invoice_id`,
    );
    const actor = { now: ctx.now(), timeZone: ctx.club.timeZone, actorId: ctx.actor.id };
    await liftSuspensionsOf(tx, actor, [...new Set(collected.map((row) => row.member_id))]);
    // The debtors' banks have now collected under the amended accounts these debits announced.
    await clearCarriedAmendments(
      tx,
      remittanceId,
      collected.map((row) => row.invoice_id),
    );
    if (collected.length > 0) {
      await recordAudit(tx, {
        action: "billing.remittance_settled",
        severity: "Info",
        actorId: ctx.actor.id,
        entity: "remittance",
        entityId: remittanceId,
        data: { collected: collected.length },
      });
    }
    return ok({ collected: collected.length });
  });
}
