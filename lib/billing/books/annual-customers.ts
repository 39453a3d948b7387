import { sql } from "drizzle-orm";
import { executeRows } from "@/lib/platform/db/rows";
import { fromCents } from "@/lib/platform/money";
import type { ServiceContext } from "@/lib/services/context";
import type { AnnualCustomersQuery } from "./schemas";

/**
 * Modelo 347 declares each person the club's operations with exceeded 3,005.06 € in the year, IVA included (Real
 * Decreto 1065/2007, art. 33.1), in cents.
 */
const MODELO_347_THRESHOLD_CENTS = 300_506n;

type Quarters = { q1: string; q2: string; q3: string; q4: string };

type DeclaredCustomer = { taxId: string; name: string; total: string } & Quarters;
/** A member over the threshold whose invoices carry no NIF: the club must ask for it before declaring. */
type UndeclarableCustomer = { memberId: string; name: string; total: string };

export type AnnualCustomers = {
  year: number;
  currency: string;
  threshold: string;
  customers: DeclaredCustomer[];
  withoutTaxId: UndeclarableCustomer[];
};

type Row = {
  taxId: string | null;
  memberId: string;
  name: string;
  total: string;
  q1: string;
  q2: string;
  q3: string;
  q4: string;
};

/**
 * Every customer's invoiced total in `year` (club dates of issue; rectifying invoices lower it), grouped by NIF as
 * written on the invoices (upper case, without spaces or hyphens), with its quarters; those over the threshold are
 * declared. Invoices without a NIF are grouped by member and, over the threshold, answered apart. One statement.
 */
export async function annualCustomers(
  ctx: Pick<ServiceContext, "db" | "club">,
  query: AnnualCustomersQuery,
): Promise<AnnualCustomers> {
  const quarter = (n: number) =>
    sql.raw(`coalesce(sum(total_cents) filter (where extract(quarter from issued_on) = ${n}), 0)::text`);
  const rows = await executeRows<Row>(
    ctx.db,
    sql`with issued as (
      select nullif(upper(regexp_replace(coalesce(customer->>'taxId', ''), '[\\s.-]', '', 'g')), '') as tax_id,
        member_id, customer->>'name' as name, issued_on, total_cents, chain_position
      from invoices i
      where issued_on between make_date(${query.year}, 1, 1) and make_date(${query.year}, 12, 31)
        -- A simplified invoice replaced by a full one (F3) is declared once, as the full one, under the customer's NIF.
        and not exists (select 1 from invoices s where s.substitutes_invoice_id = i.id)
    )
    select tax_id as "taxId", min(member_id::text) as "memberId",
      (array_agg(name order by chain_position desc))[1] as name,
      sum(total_cents)::text as total,
      ${quarter(1)} as q1, ${quarter(2)} as q2, ${quarter(3)} as q3, ${quarter(4)} as q4
    from issued
    group by tax_id, case when tax_id is null then member_id end
    having sum(total_cents) > ${MODELO_347_THRESHOLD_CENTS}
    order by tax_id nulls last, name`,
  );
  const money = (cents: string) => fromCents(BigInt(cents));
  return {
    year: query.year,
    currency: ctx.club.currency,
    threshold: fromCents(MODELO_347_THRESHOLD_CENTS),
    customers: rows.flatMap(({ taxId, name, total, q1, q2, q3, q4 }) =>
      taxId === null
        ? []
        : [{ taxId, name, total: money(total), q1: money(q1), q2: money(q2), q3: money(q3), q4: money(q4) }],
    ),
    withoutTaxId: rows.flatMap(({ taxId, memberId, name, total }) =>
      taxId === null ? [{ memberId, name, total: money(total) }] : [],
    ),
  };
}
