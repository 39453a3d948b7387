import { sql } from "drizzle-orm";
import { executeRows } from "@/lib/platform/db/rows";
import { fromCents } from "@/lib/platform/money";
import { offsetOf, type PageRequest, type Paginated, paginated } from "@/lib/platform/pagination";
import type { ServiceContext } from "@/lib/services/context";
import type { BookPeriod, IssuedInvoicesQuery } from "./schemas";

/** The invoice types the book names (the AEAT's "Tipo de Factura", the same as the invoice's VERI*FACTU record). */
type BookInvoiceType = "F1" | "F2" | "F3" | "R1" | "R2" | "R3" | "R4" | "R5";

/** One row of the libro registro de facturas expedidas: one invoice at one IVA rate (or exemption). */
export type IssuedInvoiceRow = {
  invoiceId: string;
  /** As printed: F2027-000001. */
  number: string;
  /** Club calendar date of issue (the operation's date too: a term is invoiced the day it starts). */
  issuedOn: string;
  /** The quarter of the issue date, as the AEAT writes it: 1T … 4T. */
  period: string;
  type: BookInvoiceType;
  customerTaxId: string | null;
  customerName: string;
  /** Percent with two places ("21.00"); null for an exempt or a not-subject row. */
  taxRate: string | null;
  /** The exemption's legal ground as printed on the invoice; null when taxed. */
  exemptReason: string | null;
  /** Why the row is outside IVA (a return fee, an indemnity: Calificación N1); null otherwise. */
  notSubjectReason: string | null;
  /** Taxable base of a taxed row; 0.00 on an exempt row (its base is exemptBase) or a not-subject one. */
  base: string;
  tax: string;
  exemptBase: string;
  /** The amount of a not-subject row (importe no sujeto); 0.00 otherwise. */
  notSubjectAmount: string;
  total: string;
  /** The number of the invoice a rectifying invoice corrects. */
  rectifiesNumber: string | null;
  /** The simplified invoice an F3 replaces: its IVA is that invoice's, so the totals leave the F3's rows out. */
  substitutesNumber: string | null;
};

type RateTotal = {
  taxRate: string | null;
  /** The not-subject rows together (taxRate null); the exempt ones are the other row without a rate. */
  notSubject: boolean;
  base: string;
  tax: string;
  exemptBase: string;
  notSubjectAmount: string;
  total: string;
};

export type IssuedInvoicesBook = {
  from: string;
  to: string;
  currency: string;
  /** Over every row of the period, not only this page's. */
  totals: {
    invoices: number;
    byRate: RateTotal[];
    base: string;
    tax: string;
    exemptBase: string;
    notSubjectAmount: string;
    total: string;
  };
  rows: Paginated<IssuedInvoiceRow>;
};

type BookContext = Pick<ServiceContext, "db" | "club">;

type Row = Omit<IssuedInvoiceRow, "taxRate" | "base" | "tax" | "exemptBase" | "notSubjectAmount" | "total"> & {
  rateBasisPoints: number;
  baseCents: string;
  taxCents: string;
  totalCents: string;
};

/** "2100" basis points → "21.00". */
export const percentOf = (basisPoints: number) => fromCents(BigInt(basisPoints));

/**
 * The lines of the invoices issued in the period, one group per invoice, rate, exemption and not-subject ground;
 * `counted` is false on a substitution (F3), whose IVA the simplified invoice it replaces already declared: the totals
 * leave it out (AEAT, SII FAQ 2.30: the F3 key keeps the IVA from being counted twice).
 */
const byRate = (period: BookPeriod) => sql`select l.invoice_id, l.tax_rate_bp, l.exempt_reason, l.not_subject_reason,
    i.kind <> 'substitution' as counted,
    sum(l.base_cents) as base_cents, sum(l.tax_cents) as tax_cents, sum(l.total_cents) as total_cents
  from invoices i join invoice_lines l on l.invoice_id = i.id
  where i.issued_on between ${period.from}::date and ${period.to}::date
  group by l.invoice_id, l.tax_rate_bp, l.exempt_reason, l.not_subject_reason, i.kind`;

/**
 * The rows of the invoices issued from `from` to `to` (club dates, inclusive), rectifying ones included (their amounts
 * are negative), one per invoice and rate in issue order; a page of them, or all (the file). One statement over
 * invoices_issued_on_idx; the type is the VERI*FACTU record's, or for invoices issued before records existed the same
 * rule (F1 with the customer's NIF, F2 without; R1/R5 after what they correct).
 */
export async function issuedInvoiceRows(
  ctx: Pick<BookContext, "db">,
  period: BookPeriod,
  page?: PageRequest & { orderDirection: "asc" | "desc" },
): Promise<IssuedInvoiceRow[]> {
  // Newest first reverses the whole order, so a page's rows of one invoice still follow each other.
  const direction = sql.raw(page?.orderDirection === "desc" ? "desc" : "asc");
  const rows = await executeRows<Row>(
    ctx.db,
    sql`with by_rate as (${byRate(period)})
    select i.id as "invoiceId",
      i.series || i.year::text || '-' || lpad(i.number::text, 6, '0') as "number",
      i.issued_on::text as "issuedOn",
      extract(quarter from i.issued_on)::int::text || 'T' as "period",
      coalesce(v.invoice_type, case
        when i.kind = 'invoice' then case when nullif(i.customer->>'taxId', '') is null then 'F2' else 'F1' end
        when nullif(r.customer->>'taxId', '') is null then 'R5' else 'R1' end) as "type",
      nullif(i.customer->>'taxId', '') as "customerTaxId",
      i.customer->>'name' as "customerName",
      b.tax_rate_bp as "rateBasisPoints", b.exempt_reason as "exemptReason",
      b.not_subject_reason as "notSubjectReason",
      b.base_cents::text as "baseCents", b.tax_cents::text as "taxCents", b.total_cents::text as "totalCents",
      r.series || r.year::text || '-' || lpad(r.number::text, 6, '0') as "rectifiesNumber",
      s.series || s.year::text || '-' || lpad(s.number::text, 6, '0') as "substitutesNumber"
    from by_rate b
    join invoices i on i.id = b.invoice_id
    left join invoices r on r.id = i.rectifies_invoice_id
    left join invoices s on s.id = i.substitutes_invoice_id
    left join verifactu_records v on v.invoice_id = i.id and v.correction is null
    order by i.issued_on ${direction}, i.chain_position ${direction}, b.not_subject_reason nulls first,
      b.exempt_reason nulls first, b.tax_rate_bp desc
    ${page ? sql`limit ${page.pageSize} offset ${offsetOf(page)}` : sql``}`,
  );
  return rows.map(bookRow);
}

type RateRow = {
  rateBasisPoints: number | null;
  notSubject: boolean;
  rows: number;
  baseCents: string;
  taxCents: string;
  totalCents: string;
};

/**
 * The book of the period: its totals per rate (exempt ones together) and in all, over every row but a substitution's,
 * and one page of the rows. Three statements: the page, the totals, the number of invoices.
 */
export async function issuedInvoicesBook(ctx: BookContext, query: IssuedInvoicesQuery): Promise<IssuedInvoicesBook> {
  const { pageNumber, pageSize, orderDirection, orderBy: _issuedOn, ...period } = query;
  const [rows, rates, [counted]] = await Promise.all([
    issuedInvoiceRows(ctx, period, { pageNumber, pageSize, orderDirection }),
    executeRows<RateRow>(
      ctx.db,
      sql`select case when exempt_reason is null and not_subject_reason is null then tax_rate_bp end as "rateBasisPoints",
          not_subject_reason is not null as "notSubject", count(*)::int as rows,
          coalesce(sum(base_cents) filter (where counted), 0)::text as "baseCents",
          coalesce(sum(tax_cents) filter (where counted), 0)::text as "taxCents",
          coalesce(sum(total_cents) filter (where counted), 0)::text as "totalCents"
        from (${byRate(period)}) b
        group by 1, 2 order by 1 desc nulls last, 2`,
    ),
    executeRows<{ invoices: number }>(
      ctx.db,
      sql`select count(*)::int as invoices from invoices
        where issued_on between ${period.from}::date and ${period.to}::date`,
    ),
  ]);
  const totalRows = rates.reduce((total, rate) => total + rate.rows, 0);
  const kindOf = (rate: RateRow) =>
    rate.notSubject ? "notSubject" : rate.rateBasisPoints === null ? "exempt" : "taxed";
  const cents = (key: "baseCents" | "taxCents" | "totalCents", kind?: ReturnType<typeof kindOf>) =>
    rates
      .filter((rate) => kind === undefined || kindOf(rate) === kind)
      .reduce((total, rate) => total + BigInt(rate[key]), 0n);
  return {
    from: period.from,
    to: period.to,
    currency: ctx.club.currency,
    totals: {
      invoices: counted?.invoices ?? 0,
      byRate: rates.map((rate) => {
        const kind = kindOf(rate);
        const amount = fromCents(BigInt(rate.baseCents));
        return {
          taxRate: kind === "taxed" ? percentOf(rate.rateBasisPoints ?? 0) : null,
          notSubject: rate.notSubject,
          base: kind === "taxed" ? amount : "0.00",
          tax: fromCents(BigInt(rate.taxCents)),
          exemptBase: kind === "exempt" ? amount : "0.00",
          notSubjectAmount: kind === "notSubject" ? amount : "0.00",
          total: fromCents(BigInt(rate.totalCents)),
        };
      }),
      base: fromCents(cents("baseCents", "taxed")),
      tax: fromCents(cents("taxCents")),
      exemptBase: fromCents(cents("baseCents", "exempt")),
      notSubjectAmount: fromCents(cents("baseCents", "notSubject")),
      total: fromCents(cents("totalCents")),
    },
    rows: paginated(rows, totalRows, { pageNumber, pageSize }),
  };
}

function bookRow({ rateBasisPoints, baseCents, taxCents, totalCents, ...row }: Row): IssuedInvoiceRow {
  const exempt = row.exemptReason !== null;
  const notSubject = row.notSubjectReason !== null;
  const amount = fromCents(BigInt(baseCents));
  return {
    ...row,
    taxRate: exempt || notSubject ? null : percentOf(rateBasisPoints),
    base: exempt || notSubject ? "0.00" : amount,
    tax: fromCents(BigInt(taxCents)),
    exemptBase: exempt ? amount : "0.00",
    notSubjectAmount: notSubject ? amount : "0.00",
    total: fromCents(BigInt(totalCents)),
  };
}
