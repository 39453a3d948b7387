import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "@/lib/platform/db";
import { containing } from "@/lib/platform/db/like";
import { countRowsOf, selectPage } from "@/lib/platform/db/paged-select";
import {
  invoiceLines,
  invoicePayments,
  invoices,
  verifactuRecords,
  verifactuSubmissions,
} from "@/lib/platform/db/schema";
import { fromCents } from "@/lib/platform/money";
import { type Paginated, withItems } from "@/lib/platform/pagination";
import { invoiceNumber } from "./numbering";
import { owedCentsField, refundDueCents } from "./owed";
import type { Customer, Issuer } from "./parties";
import { type InvoiceListQuery, type InvoiceStatus, type MemberInvoiceListQuery, OWING_STATUSES } from "./schemas";
import { taxBreakdown } from "./tax";

/** A percentage in basis points as the API writes it: 2100 → "21.00". */
const percentOf = (basisPoints: number) => fromCents(BigInt(basisPoints));

/** An invoice as the API shows it in a list: amounts as decimal strings, like every amount of the API. */
export type InvoiceSummary = {
  id: string;
  number: string;
  series: string;
  kind: "invoice" | "rectifying" | "substitution";
  rectifies: { id: string; number: string; reason: string } | null;
  issuedAt: Date;
  issuedOn: string;
  dueOn: string;
  memberId: string;
  subscriptionId: string | null;
  customerName: string;
  language: "en" | "es";
  currency: string;
  baseAmount: string;
  taxAmount: string;
  totalAmount: string;
  paidAmount: string;
  /** What its rectifying invoices credited (0.00 on a rectifying invoice itself). */
  creditedAmount: string;
  /** What the member still owes on it (owed.ts: total − paid − credited, never below zero) while its status owes
   * (OWING_STATUSES), else zero. */
  amountDue: string;
  /** What the club owes the member back (owed.ts: paid + credited − total, never below zero); zero on a rectifying
   * invoice. */
  refundDue: string;
  status: InvoiceStatus;
  statusChangedAt: Date;
};

/** A payment or refund recorded against an invoice (docs/billing.md, Payments and statuses). */
export type PaymentView = {
  id: string;
  invoiceId: string;
  kind: "payment" | "refund";
  amount: string;
  method: (typeof invoicePayments.$inferSelect)["method"];
  paidOn: string;
  reference: string | null;
  recordedBy: string | null;
  createdAt: Date;
};

export function paymentViewOf(row: typeof invoicePayments.$inferSelect): PaymentView {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    kind: row.kind,
    amount: fromCents(row.amountCents),
    method: row.method,
    paidOn: row.paidOn,
    reference: row.reference,
    recordedBy: row.recordedBy,
    createdAt: row.createdAt,
  };
}

/** A rectifying invoice as its original lists it. */
type RectificationView = { id: string; number: string; issuedOn: string; totalAmount: string; reason: string };

type InvoiceLineView = {
  position: number;
  description: string;
  planId: string | null;
  serviceFrom: string;
  serviceTo: string;
  baseAmount: string;
  taxRate: string;
  taxAmount: string;
  totalAmount: string;
  exemptReason: string | null;
  notSubjectReason: string | null;
};

type VerifactuView = {
  invoiceType: (typeof verifactuRecords.$inferSelect)["invoiceType"];
  generatedAt: string;
  previousHuella: string | null;
  huella: string;
  qrUrl: string;
  status: (typeof verifactuSubmissions.$inferSelect)["status"];
  errorCode: number | null;
  error: string | null;
  csv: string | null;
  /** How many corrected records (subsanaciones) followed the first; the fields above are the last record's. */
  corrections: number;
};

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** The record and its sending, when the invoice has a record (two left joins: every column may be null). */
function verifactuViewOf(joined: Nullable<VerifactuView> | null): VerifactuView | null {
  if (!joined?.invoiceType || !joined.generatedAt || !joined.huella || !joined.qrUrl) return null;
  return {
    ...joined,
    invoiceType: joined.invoiceType,
    generatedAt: joined.generatedAt,
    huella: joined.huella,
    qrUrl: joined.qrUrl,
    status: joined.status ?? "pending",
    corrections: joined.corrections ?? 0,
  };
}

export type InvoiceDetail = InvoiceSummary & {
  issuer: Issuer;
  customer: Customer;
  lines: InvoiceLineView[];
  taxBreakdown: {
    taxRate: string;
    exemptReason: string | null;
    notSubjectReason: string | null;
    baseAmount: string;
    taxAmount: string;
  }[];
  previousHash: string | null;
  recordHash: string;
  /** Its VERI*FACTU record (lib/billing/verifactu); null on an invoice issued before ClubOps kept them. */
  verifactu: VerifactuView | null;
  /** Its payments and refunds, oldest first. */
  payments: PaymentView[];
  /** The rectifying invoices that correct it, oldest first (empty for a rectifying invoice). */
  rectifiedBy: RectificationView[];
  /** A term's invoice issued again after this one was credited in full, and the one this one reissues (reissue.ts). */
  replacedBy: InvoiceReference | null;
  replaces: InvoiceReference | null;
  /** The full invoice issued in place of this simplified one, and the simplified one this replaces (substitution.ts). */
  substitutedBy: InvoiceReference | null;
  substitutes: InvoiceReference | null;
};

type InvoiceReference = { id: string; number: string };

const original = alias(invoices, "original");

const summaryColumns = {
  id: invoices.id,
  series: invoices.series,
  year: invoices.year,
  number: invoices.number,
  kind: invoices.kind,
  rectifiesInvoiceId: invoices.rectifiesInvoiceId,
  rectificationReason: invoices.rectificationReason,
  original: { series: original.series, year: original.year, number: original.number },
  issuedAt: invoices.issuedAt,
  issuedOn: invoices.issuedOn,
  dueOn: invoices.dueOn,
  memberId: invoices.memberId,
  subscriptionId: invoices.subscriptionId,
  customer: invoices.customer,
  language: invoices.language,
  currency: invoices.currency,
  baseCents: invoices.baseCents,
  taxCents: invoices.taxCents,
  totalCents: invoices.totalCents,
  paidCents: invoices.paidCents,
  creditedCents: invoices.creditedCents,
  owedCents: owedCentsField(),
  status: invoices.status,
  statusChangedAt: invoices.statusChangedAt,
};

const withOriginal = (executor: Executor) =>
  executor
    .select(summaryColumns)
    .from(invoices)
    .leftJoin(original, eq(original.id, invoices.rectifiesInvoiceId))
    .$dynamic();
type SummaryRow = Awaited<ReturnType<typeof withOriginal>>[number];

const owes = (row: Pick<SummaryRow, "kind" | "status">) =>
  row.kind === "invoice" && (OWING_STATUSES as readonly InvoiceStatus[]).includes(row.status);

function summaryOf(row: SummaryRow): InvoiceSummary {
  return {
    id: row.id,
    number: invoiceNumber(row.series, row.year, row.number),
    series: row.series,
    kind: row.kind,
    rectifies:
      row.rectifiesInvoiceId && row.original
        ? {
            id: row.rectifiesInvoiceId,
            number: invoiceNumber(row.original.series, row.original.year, row.original.number),
            reason: row.rectificationReason ?? "",
          }
        : null,
    issuedAt: row.issuedAt,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    memberId: row.memberId,
    subscriptionId: row.subscriptionId,
    customerName: (row.customer as Customer).name,
    language: row.language,
    currency: row.currency,
    baseAmount: fromCents(row.baseCents),
    taxAmount: fromCents(row.taxCents),
    totalAmount: fromCents(row.totalCents),
    paidAmount: fromCents(row.paidCents),
    creditedAmount: fromCents(row.creditedCents),
    amountDue: fromCents(owes(row) ? row.owedCents : 0n),
    refundDue: fromCents(row.kind === "invoice" ? refundDueCents(row) : 0n),
    status: row.status,
    statusChangedAt: row.statusChangedAt,
  };
}

const ORDER_COLUMNS = {
  // Issue order is chain order.
  issuedOn: [invoices.chainPosition],
  number: [invoices.series, invoices.year, invoices.number],
  total: [invoices.totalCents, invoices.chainPosition],
} as const;

/** The number as shown (F2026-000123; numbering.ts's invoiceNumber) and the customer's name at issue. */
const numberShown = sql`${invoices.series} || ${invoices.year}::text || '-' || lpad(${invoices.number}::text, 6, '0')`;
const customerName = sql`${invoices.customer} ->> 'name'`;

function filterOf(query: Partial<InvoiceListQuery>): SQL | undefined {
  const pattern = query.search ? containing(query.search) : undefined;
  return and(
    pattern ? or(ilike(numberShown, pattern), ilike(customerName, pattern)) : undefined,
    query.status ? eq(invoices.status, query.status) : undefined,
    query.issuedFrom ? gte(invoices.issuedOn, query.issuedFrom) : undefined,
    query.issuedTo ? lte(invoices.issuedOn, query.issuedTo) : undefined,
    query.memberId ? eq(invoices.memberId, query.memberId) : undefined,
    query.series ? eq(invoices.series, query.series) : undefined,
    query.kind ? eq(invoices.kind, query.kind) : undefined,
  );
}

/** A page of invoices under the list's filters; every order ends in a unique key, so pages never overlap. */
export async function selectInvoicePage(
  executor: Executor,
  query: InvoiceListQuery | (MemberInvoiceListQuery & { memberId: string }),
): Promise<Paginated<InvoiceSummary>> {
  const direction = query.orderDirection === "asc" ? asc : desc;
  const page = await selectPage(
    { rows: withOriginal(executor), count: countRowsOf(executor, invoices) },
    filterOf(query),
    [...ORDER_COLUMNS[query.orderBy].map((column) => direction(column)), direction(invoices.id)],
    query,
  );
  return withItems(page, page.items.map(summaryOf));
}

export async function findInvoice(executor: Executor, id: string): Promise<InvoiceDetail | null> {
  const [row] = await executor
    .select({
      ...summaryColumns,
      issuer: invoices.issuer,
      substitutesInvoiceId: invoices.substitutesInvoiceId,
      previousHash: invoices.previousHash,
      recordHash: invoices.recordHash,
      verifactu: {
        invoiceType: verifactuRecords.invoiceType,
        generatedAt: verifactuRecords.generatedAt,
        previousHuella: verifactuRecords.previousHuella,
        huella: verifactuRecords.huella,
        qrUrl: verifactuRecords.qrUrl,
        status: verifactuSubmissions.status,
        errorCode: verifactuSubmissions.errorCode,
        error: verifactuSubmissions.error,
        csv: verifactuSubmissions.csv,
        corrections: sql<number>`(select count(*)::int from verifactu_records c
          where c.invoice_id = ${invoices.id} and c.correction is not null)`,
      },
    })
    .from(invoices)
    .leftJoin(original, eq(original.id, invoices.rectifiesInvoiceId))
    // Its last record, the one whose answer stands.
    .leftJoin(
      verifactuRecords,
      sql`${verifactuRecords.chainPosition} = (select max(l.chain_position) from verifactu_records l
        where l.invoice_id = ${invoices.id})`,
    )
    .leftJoin(verifactuSubmissions, eq(verifactuSubmissions.chainPosition, verifactuRecords.chainPosition))
    .where(eq(invoices.id, id));
  if (!row) return null;
  const lines = await executor
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.position));
  const payments = await executor
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, id))
    .orderBy(asc(invoicePayments.createdAt), asc(invoicePayments.id));
  const rectifications = await executor
    .select({
      id: invoices.id,
      series: invoices.series,
      year: invoices.year,
      number: invoices.number,
      issuedOn: invoices.issuedOn,
      totalCents: invoices.totalCents,
      reason: invoices.rectificationReason,
    })
    .from(invoices)
    .where(eq(invoices.rectifiesInvoiceId, id))
    .orderBy(asc(invoices.chainPosition));
  // A term's invoices in issue order: the one before this is what it reissues, the one after what reissued it.
  const termInvoices =
    row.kind === "invoice" && row.subscriptionId
      ? await executor
          .select({ id: invoices.id, series: invoices.series, year: invoices.year, number: invoices.number })
          .from(invoices)
          .where(and(eq(invoices.subscriptionId, row.subscriptionId), eq(invoices.kind, "invoice")))
          .orderBy(asc(invoices.chainPosition))
      : [];
  const place = termInvoices.findIndex((invoice) => invoice.id === id);
  // The substitution of a simplified invoice, or the simplified invoice a substitution replaces.
  const [substitutionLink] = await executor
    .select({ id: invoices.id, series: invoices.series, year: invoices.year, number: invoices.number })
    .from(invoices)
    .where(
      row.substitutesInvoiceId ? eq(invoices.id, row.substitutesInvoiceId) : eq(invoices.substitutesInvoiceId, id),
    );
  const referenceTo = (invoice: (typeof termInvoices)[number] | undefined): InvoiceReference | null =>
    invoice ? { id: invoice.id, number: invoiceNumber(invoice.series, invoice.year, invoice.number) } : null;
  return {
    ...summaryOf(row),
    issuer: row.issuer as Issuer,
    customer: row.customer as Customer,
    lines: lines.map((line) => ({
      position: line.position,
      description: line.description,
      planId: line.planId,
      serviceFrom: line.serviceFrom,
      serviceTo: line.serviceTo,
      baseAmount: fromCents(line.baseCents),
      taxRate: percentOf(line.taxRateBasisPoints),
      taxAmount: fromCents(line.taxCents),
      totalAmount: fromCents(line.totalCents),
      exemptReason: line.exemptReason,
      notSubjectReason: line.notSubjectReason,
    })),
    taxBreakdown: taxBreakdown(lines).map((row) => ({
      taxRate: percentOf(row.taxRateBasisPoints),
      exemptReason: row.exemptReason,
      notSubjectReason: row.notSubjectReason ?? null,
      baseAmount: fromCents(row.baseCents),
      taxAmount: fromCents(row.taxCents),
    })),
    previousHash: row.previousHash,
    recordHash: row.recordHash,
    verifactu: verifactuViewOf(row.verifactu),
    payments: payments.map(paymentViewOf),
    rectifiedBy: rectifications.map((rectifying) => ({
      id: rectifying.id,
      number: invoiceNumber(rectifying.series, rectifying.year, rectifying.number),
      issuedOn: rectifying.issuedOn,
      totalAmount: fromCents(rectifying.totalCents),
      reason: rectifying.reason ?? "",
    })),
    replacedBy: referenceTo(termInvoices[place + 1]),
    replaces: place > 0 ? referenceTo(termInvoices[place - 1]) : null,
    substitutedBy: row.substitutesInvoiceId ? null : referenceTo(substitutionLink),
    substitutes: row.substitutesInvoiceId ? referenceTo(substitutionLink) : null,
  };
}
