import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { localDate, localTime } from "@/lib/platform/calendar";
import type { Executor } from "@/lib/platform/db";
import { fromCents } from "@/lib/platform/money";
import { currentTraceId } from "@/lib/platform/trace";
import {
  advanceChainHead,
  boundLockWaits,
  type ChainedContent,
  type ChainedLine,
  lockChainHead,
  recordHashOf,
} from "./chain";
import { invoiceNumber, takeInvoiceNumbers } from "./numbering";
import type { Customer, Issuer } from "./parties";
import { type InvoiceKind, seriesPrefixes } from "./series";
import { invoiceTotals, splitInclusiveTotal } from "./tax";
import { recordIssuedInvoices } from "./verifactu/records";

/** A line to invoice: its IVA-inclusive total (negative on a credit) and its rate; base and tax are derived. */
export type LineDraft = {
  description: string;
  planId: string | null;
  serviceFrom: string;
  serviceTo: string;
  totalCents: bigint;
  taxRateBasisPoints: number;
  exemptReason: string | null;
  /** The ground of a line outside IVA (rate 0, no tax): a return fee, an indemnity (Ley 37/1992 art. 78.Tres.1º). */
  notSubjectReason?: string | null;
};

export type InvoiceDraft = {
  memberId: string;
  subscriptionId: string | null;
  rectifies: { invoiceId: string; reason: string } | null;
  /** The simplified invoice a substitution (kind substitution) replaces. */
  substitutes?: string;
  language: "en" | "es";
  currency: string;
  issuer: Issuer;
  customer: Customer;
  /** Club calendar date it is due on; the issue date when absent. */
  dueOn?: string;
  lines: LineDraft[];
};

export type IssuedInvoice = { id: string; number: string; memberId: string; totalCents: bigint };

type Issue = { kind: InvoiceKind | "substitution"; issuedAt: Date; timeZone: string; actorId: string | null };

/**
 * Issues invoices in the caller's transaction, any number at once with the same few statements: a range of numbers
 * from the series' counter for the year of the issue date in the club's zone (so 23:30 UTC on 31 December in Madrid is
 * already the new year), the chain head locked and extended record by record (hashes computed here), the invoices,
 * their lines and their `billing.invoice_issued` audit entries inserted set-based from one JSON parameter each, then
 * their VERI*FACTU records (lib/billing/verifactu/records.ts), built while the database inserts the invoices.
 */
export async function issueInvoices(
  executor: Executor,
  issue: Issue,
  drafts: readonly InvoiceDraft[],
): Promise<IssuedInvoice[]> {
  if (drafts.length === 0) return [];
  const issuedOn = localDate(issue.issuedAt, issue.timeZone);
  const { year } = localTime(issue.issuedAt, issue.timeZone);
  // A substitution is a full invoice, numbered in the invoices' series.
  const series = (await seriesPrefixes(executor))[issue.kind === "rectifying" ? "rectifying" : "invoice"];
  await boundLockWaits(executor);
  const first = await takeInvoiceNumbers(executor, series, year, drafts.length);
  const head = await lockChainHead(executor);
  const { kind } = issue;
  const records = drafts.map((draft, index) => {
    const lines: ChainedLine[] = draft.lines.map((line, position) => {
      const amount = splitInclusiveTotal(line.totalCents, line.taxRateBasisPoints);
      return {
        position: position + 1,
        description: line.description,
        planId: line.planId,
        serviceFrom: line.serviceFrom,
        serviceTo: line.serviceTo,
        baseCents: amount.baseCents.toString(),
        taxRateBasisPoints: line.taxRateBasisPoints,
        taxCents: amount.taxCents.toString(),
        totalCents: amount.totalCents.toString(),
        exemptReason: line.exemptReason,
        ...(line.notSubjectReason && { notSubjectReason: line.notSubjectReason }),
      };
    });
    const totals = invoiceTotals(
      lines.map((line) => ({
        baseCents: BigInt(line.baseCents),
        taxCents: BigInt(line.taxCents),
        totalCents: BigInt(line.totalCents),
      })),
    );
    const content: ChainedContent = {
      series,
      year,
      number: first + index,
      kind,
      rectifiesInvoiceId: draft.rectifies?.invoiceId ?? null,
      rectificationReason: draft.rectifies?.reason ?? null,
      ...(draft.substitutes && { substitutesInvoiceId: draft.substitutes }),
      issuedAt: issue.issuedAt.toISOString(),
      issuedOn,
      dueOn: draft.dueOn ?? issuedOn,
      memberId: draft.memberId,
      subscriptionId: draft.subscriptionId,
      language: draft.language,
      currency: draft.currency,
      issuer: draft.issuer,
      customer: draft.customer,
      baseCents: totals.baseCents.toString(),
      taxCents: totals.taxCents.toString(),
      totalCents: totals.totalCents.toString(),
      lines,
    };
    const previousHash = head.lastHash;
    head.lastHash = recordHashOf(content, previousHash);
    head.position += 1;
    return { id: randomUUID(), chainPosition: head.position, previousHash, recordHash: head.lastHash, content };
  });
  // The invoices are inserted while their VERI*FACTU records are built.
  await recordIssuedInvoices(executor, issue, records, () => insertRecords(executor, records, issue.actorId));
  await advanceChainHead(executor, head);
  return records.map(({ id, content }) => ({
    id,
    number: invoiceNumber(content.series, content.year, content.number),
    memberId: content.memberId,
    totalCents: BigInt(content.totalCents),
  }));
}

type ChainedRecord = {
  id: string;
  chainPosition: number;
  previousHash: string | null;
  recordHash: string;
  content: ChainedContent;
};

/**
 * The invoices, their lines and their audit entries in one statement, from one JSON parameter for the invoices and one
 * for the lines; a rectifying invoice also adds its credit to its original's credited_cents.
 */
async function insertRecords(executor: Executor, records: readonly ChainedRecord[], actorId: string | null) {
  const invoiceRows = records.map(({ id, chainPosition, previousHash, recordHash, content }) => ({
    id,
    chain_position: chainPosition,
    previous_hash: previousHash,
    record_hash: recordHash,
    series: content.series,
    year: content.year,
    number: content.number,
    kind: content.kind,
    rectifies_invoice_id: content.rectifiesInvoiceId,
    rectification_reason: content.rectificationReason,
    substitutes_invoice_id: content.substitutesInvoiceId ?? null,
    // A substitution owes nothing: what is paid stays on the simplified invoice it replaces, which was paid in full.
    status: content.kind === "substitution" ? "paid" : "open",
    issued_at: content.issuedAt,
    issued_on: content.issuedOn,
    due_on: content.dueOn,
    member_id: content.memberId,
    subscription_id: content.subscriptionId,
    language: content.language,
    currency: content.currency,
    issuer: content.issuer,
    customer: content.customer,
    base_cents: content.baseCents,
    tax_cents: content.taxCents,
    total_cents: content.totalCents,
    display_number: invoiceNumber(content.series, content.year, content.number),
    display_total: fromCents(BigInt(content.totalCents)),
  }));
  const lineRows = records.flatMap(({ id, content }) =>
    content.lines.map((line) => ({
      invoice_id: id,
      position: line.position,
      description: line.description,
      plan_id: line.planId,
      service_from: line.serviceFrom,
      service_to: line.serviceTo,
      base_cents: line.baseCents,
      tax_rate_bp: line.taxRateBasisPoints,
      tax_cents: line.taxCents,
      total_cents: line.totalCents,
      exempt_reason: line.exemptReason,
      not_subject_reason: line.notSubjectReason ?? null,
    })),
  );
  await executor.execute(sql`with issued as (
      select * from json_to_recordset(${JSON.stringify(invoiceRows)}::json) as x(
        id uuid, chain_position bigint, previous_hash text, record_hash text, series text, year smallint, number integer,
        kind invoice_kind, rectifies_invoice_id uuid, rectification_reason text, substitutes_invoice_id uuid,
        status invoice_status, issued_at timestamptz, issued_on date,
        due_on date, member_id uuid, subscription_id uuid, language text, currency char(3), issuer jsonb, customer jsonb,
        base_cents bigint, tax_cents bigint, total_cents bigint, display_number text, display_total text)
    ), inserted as (
      insert into invoices (id, chain_position, previous_hash, record_hash, series, year, number, kind,
        rectifies_invoice_id, rectification_reason, substitutes_invoice_id, status, issued_at, issued_on, due_on,
        member_id, subscription_id, language, currency, issuer, customer, base_cents, tax_cents, total_cents,
        status_changed_at)
      select id, chain_position, previous_hash, record_hash, series, year, number, kind, rectifies_invoice_id,
        rectification_reason, substitutes_invoice_id, status, issued_at, issued_on, due_on, member_id, subscription_id,
        language, currency, issuer, customer, base_cents, tax_cents, total_cents, issued_at
      from issued
      returning 1
    ), lines as (
      -- Checked against the invoices above at the end of the statement, as every foreign key is.
      insert into invoice_lines (invoice_id, position, description, plan_id, service_from, service_to, base_cents,
        tax_rate_bp, tax_cents, total_cents, exempt_reason, not_subject_reason)
      select * from json_to_recordset(${JSON.stringify(lineRows)}::json) as x(invoice_id uuid, position smallint,
        description text, plan_id uuid, service_from date, service_to date, base_cents bigint, tax_rate_bp integer,
        tax_cents bigint, total_cents bigint, exempt_reason text, not_subject_reason text)
      returning 1
    ), credited as (
      -- A rectifying invoice's credit is the original's state from the statement that issues it (lib/billing/owed.ts).
      update invoices original set credited_cents = original.credited_cents - credit.cents
      from (select rectifies_invoice_id, sum(total_cents) as cents from issued
        where rectifies_invoice_id is not null group by rectifies_invoice_id) credit
      where original.id = credit.rectifies_invoice_id
      returning 1
    )
    insert into audit_outbox (action, severity, actor_id, entity, entity_id, data, trace_id)
    select 'billing.invoice_issued', 'Info', ${actorId}, 'invoice', id::text,
      jsonb_build_object('number', display_number, 'memberId', member_id, 'subscriptionId', subscription_id,
        'rectifiesInvoiceId', rectifies_invoice_id, 'total', display_total, 'currency', currency)
        || case when substitutes_invoice_id is null then '{}'::jsonb
          else jsonb_build_object('substitutesInvoiceId', substitutes_invoice_id) end,
      ${currentTraceId() ?? null}
    from issued`);
}
