import { sql } from "drizzle-orm";
import { executeRows } from "@/lib/platform/db/rows";
import { fromCents } from "@/lib/platform/money";
import type { ServiceContext } from "@/lib/services/context";
import { RECORDED_METHODS } from "../collections/payment-schemas";
import type { BookPeriod } from "./schemas";

/** The journal's methods: money that came in or went out. The member's credit moved between their invoices (method
 * `credit`, lib/billing/member-credit.ts) nets to zero and moves no money, so it is left out. */
export const PAYMENT_METHODS = RECORDED_METHODS;
type PaymentMethod = (typeof PAYMENT_METHODS)[number];

type Flows = { payments: string; refunds: string; net: string };

type JournalDay = { date: string; method: PaymentMethod; movements: number } & Flows;

type JournalMovement = {
  id: string;
  paidOn: string;
  kind: "payment" | "refund";
  method: PaymentMethod;
  /** Positive; a refund takes money out. */
  amount: string;
  invoiceId: string;
  invoiceNumber: string;
  customerName: string;
  reference: string | null;
};

export type PaymentsJournal = {
  from: string;
  to: string;
  currency: string;
  /** One row per day and method that had a movement, by date then method. */
  days: JournalDay[];
  /** Per method (every method, zeros included) and in all. */
  byMethod: ({ method: PaymentMethod } & Flows)[];
  totals: Flows;
  movements: JournalMovement[];
};

type DayRow = { date: string; method: PaymentMethod; movements: number; payments: string; refunds: string };

/**
 * Money in and out by the day it moved (paid_on, a club date) and method, and each movement (invoice_payments rows)
 * of the period. Two statements over invoice_payments_paid_on_idx.
 */
export async function paymentsJournal(
  ctx: Pick<ServiceContext, "db" | "club">,
  period: BookPeriod,
): Promise<PaymentsJournal> {
  const inPeriod = sql`p.paid_on between ${period.from}::date and ${period.to}::date and p.method <> 'credit'`;
  const [days, movements] = await Promise.all([
    executeRows<DayRow>(
      ctx.db,
      sql`select p.paid_on::text as date, p.method::text as method, count(*)::int as movements,
          coalesce(sum(p.amount_cents) filter (where p.kind = 'payment'), 0)::text as payments,
          coalesce(sum(p.amount_cents) filter (where p.kind = 'refund'), 0)::text as refunds
        from invoice_payments p where ${inPeriod}
        group by 1, 2 order by 1, 2`,
    ),
    executeRows<JournalMovement>(
      ctx.db,
      sql`select p.id, p.paid_on::text as "paidOn", p.kind::text as kind, p.method::text as method,
          p.amount_cents::text as amount, i.id as "invoiceId",
          i.series || i.year::text || '-' || lpad(i.number::text, 6, '0') as "invoiceNumber",
          i.customer->>'name' as "customerName", p.reference
        from invoice_payments p join invoices i on i.id = p.invoice_id
        where ${inPeriod}
        order by p.paid_on, p.created_at, p.id`,
    ),
  ]);
  const flows = (payments: bigint, refunds: bigint): Flows => ({
    payments: fromCents(payments),
    refunds: fromCents(refunds),
    net: fromCents(payments - refunds),
  });
  const sumOf = (rows: DayRow[], key: "payments" | "refunds") =>
    rows.reduce((total, row) => total + BigInt(row[key]), 0n);
  return {
    from: period.from,
    to: period.to,
    currency: ctx.club.currency,
    days: days.map(({ payments, refunds, ...day }) => ({ ...day, ...flows(BigInt(payments), BigInt(refunds)) })),
    byMethod: PAYMENT_METHODS.map((method) => {
      const rows = days.filter((day) => day.method === method);
      return { method, ...flows(sumOf(rows, "payments"), sumOf(rows, "refunds")) };
    }),
    totals: flows(sumOf(days, "payments"), sumOf(days, "refunds")),
    movements: movements.map((movement) => ({ ...movement, amount: fromCents(BigInt(movement.amount)) })),
  };
}
