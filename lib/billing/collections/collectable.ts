import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { executeRows } from "@/lib/platform/db/rows";
import { invoices, sepaMandates } from "@/lib/platform/db/schema";
import { fromCents } from "@/lib/platform/money";
import { owedCents } from "../owed";
import { readDirectDebitSettings } from "./direct-debit-settings";
import type { CandidateQuery } from "./remittance-schemas";

/**
 * Which invoices a remittance may collect on a date: one rule, read by the builder's INSERT … SELECT (remittances.ts)
 * and by the list of candidates the console shows before building, so both always agree.
 */

/** Statuses a debit may collect: an amount owed that nobody is collecting yet. */
export const COLLECTABLE = sql`${invoices.status} in ('open', 'partially_paid', 'overdue', 'returned')`;

/**
 * Which debits: the ones staff chose (`invoiceIds`, returned ones included), else all, a returned one only once it was
 * returned before `returnedBefore` (the club's wait before presenting it again; null: never on its own).
 */
export type DebitChoice = { invoiceIds?: readonly string[]; returnedBefore: Date | null };

/**
 * `from … where …` of the debits collectable on `collectionDate`: ordinary invoices in a collectable status with an
 * amount owed, due by that date, whose member has an active mandate, and that no remittance holds (until its debit is
 * returned; then as `choice` says). Columns: the invoice's and its member's active mandate's.
 */
export function collectableDebits(collectionDate: string, choice: DebitChoice): SQL {
  const { invoiceIds, returnedBefore } = choice;
  const chosen = invoiceIds
    ? sql`and ${invoices.id} = any(string_to_array(${invoiceIds.join(",")}, ',')::uuid[])`
    : returnedBefore
      ? sql`and (${invoices.status} <> 'returned' or (select max(back.returned_at) from remittance_items back
          where back.invoice_id = ${invoices.id}) <= ${returnedBefore.toISOString()}::timestamptz)`
      : sql`and ${invoices.status} <> 'returned'`;
  return sql`from ${invoices}
      join ${sepaMandates} on ${sepaMandates.memberId} = ${invoices.memberId} and ${sepaMandates.status} = 'active'
      where ${invoices.kind} = 'invoice' and ${COLLECTABLE} and ${OWED} > 0
        and ${invoices.dueOn} <= ${collectionDate} ${chosen}
        and not exists (select 1 from remittance_items taken
          where taken.invoice_id = ${invoices.id} and taken.status <> 'returned')`;
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
};

type CandidateRow = Omit<RemittanceCandidate, "amount" | "dueOn"> & { amount_cents: string; due_on: string };
type TotalsRow = { count: string | number; total_cents: string | null };

/** The invoices a remittance built for `collectionDate` without a choice would collect, for staff to choose from. */
export async function listRemittanceCandidates(
  ctx: { db: Executor; now: () => Date },
  query: CandidateQuery,
): Promise<RemittanceCandidates> {
  const debits = collectableDebits(query.collectionDate, await debitChoice(ctx.db, ctx.now()));
  const [rows, [totals]] = await Promise.all([
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
  };
}
