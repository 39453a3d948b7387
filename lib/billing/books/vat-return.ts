import { sql } from "drizzle-orm";
import { executeRows } from "@/lib/platform/db/rows";
import { fromCents } from "@/lib/platform/money";
import type { ServiceContext } from "@/lib/services/context";
import { percentOf } from "./issued-invoices";
import { quarterDays, type VatReturnQuery } from "./schemas";

/**
 * The casillas of modelo 303's "IVA devengado, régimen general" for each rate: base, rate and quota (Orden
 * EHA/3786/2008 as amended by Orden HAC/819/2024; docs/billing.md, Modelo 303). Rates the form has no casillas for
 * (none the law sets today) are answered apart, for the accountant to place.
 */
const RATE_BOXES: ReadonlyMap<number, readonly [base: string, rate: string, tax: string]> = new Map([
  [0, ["150", "151", "152"]],
  [200, ["165", "166", "167"]],
  [400, ["01", "02", "03"]],
  [500, ["153", "154", "155"]],
  [750, ["153", "154", "155"]],
  [1000, ["04", "05", "06"]],
  [2100, ["07", "08", "09"]],
]);
/** The rates the form always shows, filled with zeros when nothing was sold at them. */
const ALWAYS_SHOWN = [400, 1000, 2100];

type RateFigures = { taxRate: string; baseBox: string | null; base: string; taxBox: string | null; tax: string };

export type VatReturn = {
  year: number;
  quarter: number;
  from: string;
  to: string;
  currency: string;
  /** Invoices (kind invoice) issued in the quarter, per rate; exempt lines are not here (see exemptWithoutDeduction). */
  generalRegime: RateFigures[];
  /** Rectifying invoices issued in the quarter, at every rate: casillas 14 (base) and 15 (quota). */
  modifications: { baseBox: "14"; base: string; taxBox: "15"; tax: string };
  /** Casilla 27: the quotas above added up (with only sales, 03 + 06 + 09 + 152 + 155 + 167 + 15). */
  totalAccrued: { box: "27"; tax: string };
  /** Casilla 83, operaciones exentas sin derecho a deducción: exempt bases (art. 20 LIVA), rectifications included. */
  exemptWithoutDeduction: { box: "83"; base: string };
  invoices: number;
  rectifyingInvoices: number;
};

type Figure = { kind: "invoice" | "rectifying"; rate: number; exempt: boolean; base: string; tax: string };
type Counts = { invoices: number; rectifying: number };

/**
 * The sales side of a quarter's modelo 303, from the invoices issued in it (club dates, so an invoice issued at 23:30
 * on 31 March in Madrid is Q1). Purchases (deductible IVA) are not in ClubOps. Two statements over invoices_issued_on_idx.
 */
export async function vatReturn(ctx: Pick<ServiceContext, "db" | "club">, query: VatReturnQuery): Promise<VatReturn> {
  const { from, to } = quarterDays(query.year, query.quarter);
  const inQuarter = sql`i.issued_on between ${from}::date and ${to}::date`;
  const [figures, [counts]] = await Promise.all([
    executeRows<Figure>(
      ctx.db,
      sql`select i.kind, l.tax_rate_bp as rate, l.exempt_reason is not null as exempt,
          sum(l.base_cents)::text as base, sum(l.tax_cents)::text as tax
        from invoices i join invoice_lines l on l.invoice_id = i.id
        -- A line outside IVA (a return fee: an indemnity, art. 78.Tres.1º) is no operation of the return at all.
        -- A substitution (F3) repeats a simplified invoice whose IVA is already here (AEAT, SII FAQ 2.30).
        where ${inQuarter} and l.not_subject_reason is null and i.kind <> 'substitution'
        group by 1, 2, 3`,
    ),
    executeRows<Counts>(
      ctx.db,
      sql`select count(*) filter (where kind = 'invoice')::int as invoices,
          count(*) filter (where kind = 'rectifying')::int as rectifying
        from invoices i where ${inQuarter}`,
    ),
  ]);
  const sum = (rows: Figure[], key: "base" | "tax") => rows.reduce((total, row) => total + BigInt(row[key]), 0n);
  const taxed = figures.filter((row) => !row.exempt);
  const original = taxed.filter((row) => row.kind === "invoice");
  const rectifying = taxed.filter((row) => row.kind === "rectifying");
  const rates = [...new Set([...ALWAYS_SHOWN, ...original.map((row) => row.rate)])].sort((a, b) => b - a);
  return {
    year: query.year,
    quarter: query.quarter,
    from,
    to,
    currency: ctx.club.currency,
    generalRegime: rates.map((rate) => {
      const atRate = original.filter((row) => row.rate === rate);
      const boxes = RATE_BOXES.get(rate);
      return {
        taxRate: percentOf(rate),
        baseBox: boxes?.[0] ?? null,
        base: fromCents(sum(atRate, "base")),
        taxBox: boxes?.[2] ?? null,
        tax: fromCents(sum(atRate, "tax")),
      };
    }),
    modifications: {
      baseBox: "14",
      base: fromCents(sum(rectifying, "base")),
      taxBox: "15",
      tax: fromCents(sum(rectifying, "tax")),
    },
    totalAccrued: { box: "27", tax: fromCents(sum(taxed, "tax")) },
    exemptWithoutDeduction: {
      box: "83",
      base: fromCents(
        sum(
          figures.filter((row) => row.exempt),
          "base",
        ),
      ),
    },
    invoices: counts?.invoices ?? 0,
    rectifyingInvoices: counts?.rectifying ?? 0,
  };
}
