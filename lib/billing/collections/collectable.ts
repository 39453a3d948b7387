import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { executeRows } from "@/lib/platform/db/rows";
import { invoices, sepaMandates } from "@/lib/platform/db/schema";
import { fromCents } from "@/lib/platform/money";
import { owedCents } from "../owed";
import { readDirectDebitSettings } from "./direct-debit-settings";
import type { CandidateQuery } from "./remittance-schemas";

/**
 * Which invoices a remittance may collect on a date: one rule, read by the builder's INSERT … SELECT (remittances.ts),
 * by the list of candidates the console shows before building, so both always agree, and by the pre-notification job
 * (debit-notices.ts), which tells the debtors of the same debits.
 */

/** Statuses a debit may collect: an amount owed that nobody is collecting yet. */
export const COLLECTABLE = sql`${invoices.status} in ('open', 'partially_paid', 'overdue', 'returned')`;

/**
 * Which debits: the ones staff chose (`invoiceIds`, returned ones included), else all, a returned one only once it was
 * returned before `returnedBefore` (the club's wait before presenting it again; null: never on its own).
 */
export type DebitChoice = { invoiceIds?: readonly string[]; returnedBefore: Date | null };

/**
 * How many times the invoice's debit came back (0: never presented, or never returned): the presentation a notice is
 * for. A notice written before the last return announced a collection that did not happen, so it no longer counts.
 */
export const PRESENTATION = sql`(select count(*)::int from remittance_items back
  where back.invoice_id = ${invoices.id} and back.status = 'returned')`;

/** How many notices the invoice's current presentation had: the revision of the next one (debit-notices.ts). */
export const NOTICE_REVISION = sql`(select count(*)::int from debit_notices earlier
  where earlier.invoice_id = ${invoices.id} and earlier.presentation = ${PRESENTATION})`;

/**
 * The notice standing for the invoice's debit, as a subquery over `notice`: the last one of its current presentation,
 * while it names the member's active mandate and announced at least what is owed now. A higher amount (a refund that
 * reopens the invoice) or another mandate needs a new notice, and the debit waits for it.
 */
const currentNotice = (columns: SQL) =>
  sql`(select ${columns} from (select * from debit_notices latest
      where latest.invoice_id = ${invoices.id} and latest.presentation = ${PRESENTATION}
      order by latest.revision desc limit 1) notice
    where notice.mandate_id = ${sepaMandates.id} and notice.amount_cents >= ${OWED})`;

/** The debtor was told, since the debit's last return, of a collection on `collectionDate` or earlier. */
const notifiedFor = (collectionDate: string) =>
  sql`coalesce(${currentNotice(sql`notice.collection_date <= ${collectionDate}::date`)}, false)`;

/**
 * `from … where …` of the debits a remittance may hold: ordinary invoices in a collectable status with an amount owed,
 * whose member has an active mandate, and that no remittance holds (until its debit is returned), with `conditions`.
 * Columns: the invoice's and its member's active mandate's.
 */
function debitsWhere(conditions: SQL): SQL {
  return sql`from ${invoices}
      join ${sepaMandates} on ${sepaMandates.memberId} = ${invoices.memberId} and ${sepaMandates.status} = 'active'
      where ${invoices.kind} = 'invoice' and ${COLLECTABLE} and ${OWED} > 0
        and not exists (select 1 from remittance_items taken
          where taken.invoice_id = ${invoices.id} and taken.status <> 'returned')
        ${conditions}`;
}

function chosenBy({ invoiceIds, returnedBefore }: DebitChoice): SQL {
  return invoiceIds
    ? sql`and ${invoices.id} = any(string_to_array(${invoiceIds.join(",")}, ',')::uuid[])`
    : returnedBefore
      ? sql`and (${invoices.status} <> 'returned' or (select max(back.returned_at) from remittance_items back
          where back.invoice_id = ${invoices.id}) <= ${returnedBefore.toISOString()}::timestamptz)`
      : sql`and ${invoices.status} <> 'returned'`;
}

/**
 * `from … where …` of the debits collectable on `collectionDate`: those a remittance may hold (debitsWhere), due by
 * that date, chosen as `choice` says, and pre-notified: the member was told, since the debit's last return, of a
 * collection on that date or earlier (debit-notices.ts; the EPC SDD Core rulebook's pre-notification), so no debtor is
 * charged earlier than announced or without notice.
 */
export function collectableDebits(collectionDate: string, choice: DebitChoice): SQL {
  return debitsWhere(
    sql`and ${invoices.dueOn} <= ${collectionDate} ${chosenBy(choice)} and ${notifiedFor(collectionDate)}`,
  );
}

/** The same debits but for the notice: collectable on `collectionDate` once their debtor is told of it. */
function awaitingNoticeDebits(collectionDate: string, choice: DebitChoice): SQL {
  return debitsWhere(
    sql`and ${invoices.dueOn} <= ${collectionDate} ${chosenBy(choice)} and not ${notifiedFor(collectionDate)}`,
  );
}

/**
 * `from … where …` of the debits the notice job tells their debtors of: every debit a remittance may hold, whatever its
 * due date, returned ones included, without a notice standing for its current presentation.
 */
export function debitsAwaitingNotice(): SQL {
  return debitsWhere(sql`and not exists ${currentNotice(sql`1`)}`);
}

/** The choice of a remittance built without `invoiceIds` at `now`, under the club's direct debit settings. */
export async function debitChoice(executor: Executor, now: Date, invoiceIds?: readonly string[]): Promise<DebitChoice> {
  const { representAfterDays } = await readDirectDebitSettings(executor);
  const returnedBefore = representAfterDays === null ? null : new Date(now.getTime() - representAfterDays * 86_400_000);
  return { invoiceIds, returnedBefore };
}

/** The debit's amount: what is still owed, after payments and part credits (owed.ts). */
export const OWED = owedCents();
/** FRST under a mandate never collected under, else RCUR. */
export const SEQUENCE = sql`(case ${sepaMandates.sequence} when 'first' then 'FRST' else 'RCUR' end)`;
/** The invoice number, also the debit's end-to-end id: F2026-000123. */
export const INVOICE_NUMBER = sql`${invoices.series} || ${invoices.year}::text || '-' || lpad(${invoices.number}::text, 6, '0')`;

/** The most candidates one answer lists; `count` and `totalAmount` always cover them all. */
export const CANDIDATE_LIMIT = 1000;

type RemittanceCandidate = {
  invoiceId: string;
  invoiceNumber: string;
  memberId: string;
  customerName: string;
  dueOn: string;
  status: "open" | "partially_paid" | "overdue" | "returned";
  amount: string;
  mandateReference: string;
  sequence: "FRST" | "RCUR";
};

export type RemittanceCandidates = {
  collectionDate: string;
  /** Every collectable debit: how many, and their sum. */
  count: number;
  totalAmount: string;
  /** The first CANDIDATE_LIMIT of them, oldest due date first. */
  items: RemittanceCandidate[];
  /**
   * Debits that would be collectable on that date but for their pre-notification: none yet since their last return, or
   * one announcing a later date. The earliest date such a notice announces (null: none has one yet).
   */
  awaitingNotice: { count: number; earliestCollectionDate: string | null };
};

type CandidateRow = Omit<RemittanceCandidate, "amount" | "dueOn"> & { amount_cents: string; due_on: string };
type TotalsRow = { count: string | number; total_cents: string | null };
type AwaitingRow = { count: string | number; earliest: string | null };

/** The invoices a remittance built for `collectionDate` without a choice would collect, for staff to choose from. */
export async function listRemittanceCandidates(
  ctx: { db: Executor; now: () => Date },
  query: CandidateQuery,
): Promise<RemittanceCandidates> {
  const choice = await debitChoice(ctx.db, ctx.now());
  const debits = collectableDebits(query.collectionDate, choice);
  const [rows, [totals], [awaiting]] = await Promise.all([
    executeRows<CandidateRow>(
      ctx.db,
      sql`select ${invoices.id} as "invoiceId", ${INVOICE_NUMBER} as "invoiceNumber", ${invoices.memberId} as "memberId",
          ${invoices.customer}->>'name' as "customerName", ${invoices.dueOn}::text as due_on, ${invoices.status} as status,
          ${OWED} as amount_cents, ${sepaMandates.reference} as "mandateReference", ${SEQUENCE} as sequence
        ${debits}
        order by ${invoices.dueOn}, ${invoices.series}, ${invoices.year}, ${invoices.number}
        limit ${CANDIDATE_LIMIT}`,
    ),
    executeRows<TotalsRow>(ctx.db, sql`select count(*) as count, sum(${OWED}) as total_cents ${debits}`),
    executeRows<AwaitingRow>(
      ctx.db,
      sql`select count(*) as count, min(${currentNotice(sql`notice.collection_date`)})::text as earliest
        ${awaitingNoticeDebits(query.collectionDate, choice)}`,
    ),
  ]);
  return {
    collectionDate: query.collectionDate,
    count: Number(totals?.count ?? 0),
    totalAmount: fromCents(BigInt(totals?.total_cents ?? 0)),
    items: rows.map(({ amount_cents, due_on, ...row }) => ({
      ...row,
      dueOn: due_on,
      amount: fromCents(BigInt(amount_cents)),
    })),
    awaitingNotice: { count: Number(awaiting?.count ?? 0), earliestCollectionDate: awaiting?.earliest ?? null },
  };
}
